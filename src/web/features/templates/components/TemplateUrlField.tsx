import { useState } from 'react';

import { APPS, TOPICS } from '@domain/catalogue/taxonomy.js';
import { FETCH_BUTTON_LABELS, TEMPLATE_LIMITS } from '@domain/templates/rules.js';
import { FormField, type FieldMessage } from '@/components/ui/FormField.js';
import { suggestFromUrl } from '../api.js';
import { hintsFromUrl, URL_VALIDITY_MESSAGES, urlValidity, withProtocol, type TemplateFormValues } from '../template-form.js';

interface TemplateUrlFieldProps {
  /** Create guesses type and app from the address and can fetch suggestions; edit only changes the address. */
  mode: 'create' | 'edit';
  values: TemplateFormValues;
  onChange: (patch: Partial<TemplateFormValues>) => void;
}

type FetchState = { stage: 'idle' | 'fetching' | 'done'; message: FieldMessage | null };

const IDLE: FetchState = { stage: 'idle', message: null };

function urlMessage(url: string): FieldMessage | null {
  const validity = urlValidity(url);
  if (validity === 'empty') return null;
  return { tone: validity === 'valid' ? 'success' : 'error', content: URL_VALIDITY_MESSAGES[validity] };
}

/** The template's address and, on the create page, the button that fills the form in from the page it points to. */
export function TemplateUrlField({ mode, values, onChange }: TemplateUrlFieldProps) {
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
      setFetchState({
        stage: suggestion.found ? 'done' : 'idle',
        message: { tone: suggestion.found ? 'success' : 'info', content: suggestion.message },
      });
    } catch (error) {
      setFetchState({
        stage: 'idle',
        message: { tone: 'error', content: error instanceof Error ? error.message : 'The page could not be fetched.' },
      });
    }
  }

  return (
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
  );
}
