import { useId, type Dispatch } from 'react';

import {
  CUSTOM_STYLE_ID,
  GENERATOR,
  GENERATOR_APPS,
  GENERATOR_TEXTS,
  kindOfApp,
  SOON_LABEL,
  type GeneratorApp,
} from '@domain/generator/rules.js';
import { characterCount } from '@domain/shared/characters.js';
import { keepingAtMost } from '@/lib/character-limit.js';
import type { StyleOption } from '../api.js';
import type { BriefFields, GeneratorAction, GeneratorState } from '../generator-state.js';
import { OverrideEditors } from './GeneratorParts.js';

/** The style rail: the default style first and fixed, the others in a row that scrolls above 2; 'Custom' takes a template id. */
function StyleRail({
  styles,
  chosen,
  customId,
  onChoose,
  onCustomId,
}: {
  styles: StyleOption[] | null;
  chosen: string;
  customId: string;
  onChoose: (id: string) => void;
  onCustomId: (id: string) => void;
}) {
  const customInputId = useId();
  const [first, ...others] = styles ?? [];
  const option = (style: StyleOption) => (
    <label key={style.id} className={`style-option${chosen === style.id ? ' style-option--chosen' : ''}`}>
      <input type="radio" name="style" className="visually-hidden" checked={chosen === style.id} onChange={() => onChoose(style.id)} />
      <img src={style.thumbUrl} alt="" width={160} height={90} />
      <span>{style.name}</span>
    </label>
  );
  return (
    <fieldset className="field style-picker">
      <legend className="field__label">Style</legend>
      <div className="style-rail">
        {styles === null ? (
          // No option before the list is in: one shown now would move under the pointer when the others arrive.
          <p className="style-option style-option--loading" role="status">
            <span className="style-option__placeholder" aria-hidden="true" />
            <span>Loading styles…</span>
          </p>
        ) : (
          <>
            {first && <div className="style-rail__fixed">{option(first)}</div>}
            <div
              className={`style-rail__others${others.length + 1 > GENERATOR.railScrollsAbove ? ' style-rail__others--scrolls' : ''}`}
              tabIndex={0}
              aria-label="More styles"
            >
              {others.map(option)}
              <label className={`style-option style-option--custom${chosen === CUSTOM_STYLE_ID ? ' style-option--chosen' : ''}`}>
                <input
                  type="radio"
                  name="style"
                  className="visually-hidden"
                  checked={chosen === CUSTOM_STYLE_ID}
                  onChange={() => onChoose(CUSTOM_STYLE_ID)}
                />
                <span className="style-option__custom-mark" aria-hidden="true">
                  +
                </span>
                <span>Custom</span>
              </label>
            </div>
          </>
        )}
      </div>
      {chosen === CUSTOM_STYLE_ID && (
        <div className="field">
          <label className="field__label" htmlFor={customInputId}>
            Template id
          </label>
          <input
            id={customInputId}
            className="field__input"
            value={customId}
            onChange={(event) => onCustomId(event.target.value)}
            placeholder="e.g. midnight"
          />
        </div>
      )}
    </fieldset>
  );
}

type EditBrief = (change: Partial<BriefFields>) => void;

/** The app to generate for; the ones not ready yet are shown, disabled, with a 'soon' mark. */
function AppChoice({ chosen, edit }: { chosen: GeneratorApp; edit: EditBrief }) {
  return (
    <fieldset className="field app-choice">
      <legend className="field__label">App</legend>
      <div className="app-choice__options">
        {GENERATOR_APPS.map((option) => (
          <label
            key={option.id}
            className={`app-option${option.enabled ? '' : ' app-option--soon'}${chosen === option.id ? ' app-option--chosen' : ''}`}
          >
            <input
              type="radio"
              name="app"
              className="visually-hidden"
              disabled={!option.enabled}
              checked={chosen === option.id}
              onChange={() => option.enabled && edit({ app: option.id as GeneratorApp })}
            />
            <span>{option.label}</span>
            {!option.enabled && <span className="app-option__soon">{SOON_LABEL}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** What the piece is for, with its counter and the reminder not to type anything private. */
function PurposeField({ purpose, slides, edit }: { purpose: string; slides: boolean; edit: EditBrief }) {
  const ids = { purpose: useId(), reminder: useId() };
  return (
    <div className="field">
      <label className="field__label" htmlFor={ids.purpose}>
        Purpose
      </label>
      <textarea
        id={ids.purpose}
        className="field__input"
        rows={3}
        aria-describedby={ids.reminder}
        placeholder={slides ? 'e.g. Kick-off deck for our Q3 product launch' : 'e.g. A one-page proposal for a community garden'}
        value={purpose}
        onChange={keepingAtMost(GENERATOR.purposeMax, (value) => edit({ purpose: value }))}
      />
      <span className="field__counter muted">
        {characterCount(purpose)}/{GENERATOR.purposeMax}
      </span>
      <p id={ids.reminder} className="generator-reminder muted">
        {GENERATOR_TEXTS.privacyReminder}
      </p>
    </div>
  );
}

/** What only a deck asks: the audience, the number of slides and the style. */
function SlidesFields({ fields, styles, edit }: { fields: BriefFields; styles: StyleOption[] | null; edit: EditBrief }) {
  const ids = { audience: useId(), slides: useId() };
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor={ids.audience}>
          Audience
        </label>
        <input
          id={ids.audience}
          className="field__input"
          value={fields.audience}
          onChange={keepingAtMost(GENERATOR.audienceMax, (value) => edit({ audience: value }))}
          placeholder="e.g. the marketing team"
        />
        <span className="field__counter muted">
          {characterCount(fields.audience)}/{GENERATOR.audienceMax}
        </span>
      </div>
      <div className="field generator-slides-field">
        <label className="field__label" htmlFor={ids.slides}>
          Number of slides
        </label>
        {/* Text, not type="number": a number field hands over '' for 'abc' or '1e', which would mean the default. */}
        <input
          id={ids.slides}
          className="field__input"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={fields.numSlides}
          onChange={(event) => edit({ numSlides: event.target.value })}
        />
      </div>
      <StyleRail
        styles={styles}
        chosen={fields.styleId}
        customId={fields.customId}
        onChoose={(styleId) => edit({ styleId })}
        onCustomId={(customId) => edit({ customId })}
      />
    </>
  );
}

/** The brief: the app, the purpose, and for slides the audience, count and style; an admin's overrides beside the button. */
export function BriefForm({
  state,
  admin,
  dispatch,
  onSubmit,
}: {
  state: GeneratorState;
  admin: boolean;
  dispatch: Dispatch<GeneratorAction>;
  onSubmit: () => void;
}) {
  const { fields } = state;
  const kind = kindOfApp(fields.app);
  const edit: EditBrief = (change) => dispatch({ type: 'edited', change });

  return (
    <form
      className="generator-card form-stack"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <AppChoice chosen={fields.app} edit={edit} />
      <PurposeField purpose={fields.purpose} slides={kind === 'slides'} edit={edit} />
      {kind === 'slides' && <SlidesFields fields={fields} styles={state.styles} edit={edit} />}

      <div className="generator-actions">
        {admin && (
          <OverrideEditors
            prompt={fields.promptOverride}
            hints={fields.hintsOverride}
            defaults={state.defaults}
            onSave={(change) =>
              edit({
                ...(change.prompt !== undefined ? { promptOverride: change.prompt } : {}),
                ...(change.hints !== undefined ? { hintsOverride: change.hints } : {}),
              })
            }
          />
        )}
        <button type="submit" className="button button--primary" disabled={state.loadingQuestions}>
          {kind === 'slides' ? 'Generate' : state.loadingQuestions ? 'Loading questions…' : 'Next'}
        </button>
      </div>
    </form>
  );
}
