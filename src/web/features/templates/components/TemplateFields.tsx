import { useId, useState } from 'react';

import { APPS, TOPICS } from '@domain/catalogue/taxonomy.js';
import { FETCH_BUTTON_LABELS, TEMPLATE_LIMITS } from '@domain/templates/rules.js';
import { FormField, type FieldMessage } from '@/components/ui/FormField.js';
import { suggestFromUrl } from '../api.js';
import { hintsFromUrl, lockedTagsOf, URL_VALIDITY_MESSAGES, urlValidity, withProtocol, type TemplateFormValues } from '../template-form.js';
import { ScreenshotUploader } from './ScreenshotUploader.js';
import { TagInput } from './TagInput.js';

interface TemplateFieldsProps {
  /** Create chooses type and app and can fetch suggestions; edit keeps them. */
  mode: 'create' | 'edit';
  values: TemplateFormValues;
  onChange: (patch: Partial<TemplateFormValues>) => void;
  onImageUrlsChange: (update: (current: string[]) => string[]) => void;
}

type FetchState = { stage: 'idle' | 'fetching' | 'done'; message: FieldMessage | null };

const IDLE: FetchState = { stage: 'idle', message: null };

function urlMessage(url: string): FieldMessage | null {
  const validity = urlValidity(url);
  if (validity === 'empty') return null;
  return { tone: validity === 'valid' ? 'success' : 'error', content: URL_VALIDITY_MESSAGES[validity] };
}

/** The post's fields, shared by the create and edit pages. */
export function TemplateFields({ mode, values, onChange, onImageUrlsChange }: TemplateFieldsProps) {
  const [fetchState, setFetchState] = useState<FetchState>(IDLE);
  const urlIsValid = urlValidity(values.url) === 'valid';

  function changeUrl(url: string) {
    setFetchState(IDLE);
    if (mode === 'edit') return onChange({ url });
    const hints = hintsFromUrl(url);
    onChange({ url, ...(hints.platform ? { platform: hints.platform } : {}), ...(hints.topic ? { topic: hints.topic } : {}) });
  }

  async function fetchSuggestions() {
    setFetchState({ stage: 'fetching', message: null });
    try {
      const suggestion = await suggestFromUrl(withProtocol(values.url));
      const patch: Partial<TemplateFormValues> = {};
      if (suggestion.type && TOPICS.some((topic) => topic.name === suggestion.type)) patch.topic = suggestion.type;
      if (suggestion.platform && APPS.some((app) => app.name === suggestion.platform)) patch.platform = suggestion.platform;
      if (suggestion.title) patch.title = suggestion.title.slice(0, TEMPLATE_LIMITS.title);
      if (suggestion.description) patch.description = suggestion.description.slice(0, TEMPLATE_LIMITS.description);
      if (suggestion.instructions) patch.instructions = suggestion.instructions.slice(0, TEMPLATE_LIMITS.instructions);
      if (Object.keys(patch).length > 0) onChange(patch);
      setFetchState({ stage: suggestion.found ? 'done' : 'idle', message: { tone: suggestion.found ? 'success' : 'info', content: suggestion.message } });
    } catch (error) {
      setFetchState({ stage: 'idle', message: { tone: 'error', content: error instanceof Error ? error.message : 'The page could not be fetched.' } });
    }
  }

  return (
    <div className="template-fields">
      <div className="template-fields__url" data-tour="create-url">
        <FormField
          label="URL"
          name="url"
          type="text"
          inputMode="url"
          autoComplete="url"
          placeholder="https://…"
          maxLength={TEMPLATE_LIMITS.url}
          required
          value={values.url}
          onValueChange={changeUrl}
          onBlur={() => {
            const completed = withProtocol(values.url);
            if (completed !== values.url) changeUrl(completed);
          }}
          hint="The direct link to your template."
          message={urlMessage(values.url)}
        />
        {mode === 'create' && (
          <div className="template-fields__fetch">
            <button
              type="button"
              className="button button--secondary"
              disabled={!urlIsValid || fetchState.stage !== 'idle'}
              onClick={() => void fetchSuggestions()}
            >
              {FETCH_BUTTON_LABELS[fetchState.stage]}
            </button>
            {fetchState.message && (
              <p className={`form-field__message form-field__message--${fetchState.message.tone}`} role="status">
                {fetchState.message.content}
              </p>
            )}
          </div>
        )}
      </div>

      {mode === 'create' && (
        <div className="template-fields__pair">
          <SelectField
            label="Type"
            value={values.topic}
            placeholder="Choose a type"
            options={TOPICS}
            onValueChange={(topic) => onChange({ topic })}
          />
          <SelectField
            label="App"
            value={values.platform}
            placeholder="Choose an app"
            options={APPS}
            onValueChange={(platform) => onChange({ platform })}
          />
        </div>
      )}

      <FormField
        label="Title"
        name="title"
        maxLength={TEMPLATE_LIMITS.title}
        required
        showCounter
        value={values.title}
        onValueChange={(title) => onChange({ title })}
      />
      <FormField
        label="Preview description"
        name="description"
        multiline
        maxLength={TEMPLATE_LIMITS.description}
        required
        showCounter
        hint="Shown on the card in the feed."
        value={values.description}
        onValueChange={(description) => onChange({ description })}
      />
      <FormField
        label="Full details"
        name="instructions"
        multiline
        maxLength={TEMPLATE_LIMITS.instructions}
        showCounter
        hint="What it does and how to use it (optional)."
        value={values.instructions}
        onValueChange={(instructions) => onChange({ instructions })}
      />
      <ScreenshotUploader imageUrls={values.imageUrls} onImageUrlsChange={onImageUrlsChange} />
      {/* A post may keep its type or app among its own keywords (older posts do): then it is an ordinary, counted keyword. */}
      <TagInput lockedTags={lockedTagsOf(values).filter((tag) => !values.tags.includes(tag))} tags={values.tags} onTagsChange={(tags) => onChange({ tags })} />
    </div>
  );
}

interface SelectFieldProps {
  label: string;
  value: string;
  placeholder: string;
  options: readonly { name: string; label: string }[];
  onValueChange: (value: string) => void;
}

function SelectField({ label, value, placeholder, options, onValueChange }: SelectFieldProps) {
  const selectId = useId();
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={selectId}>
        {label}
      </label>
      <select id={selectId} className="form-field__input" value={value} required onChange={(event) => onValueChange(event.target.value)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.name} value={option.name}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
