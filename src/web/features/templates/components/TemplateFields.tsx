import { useId } from 'react';

import { APPS, TOPICS } from '@domain/catalogue/taxonomy.js';
import { TEMPLATE_LIMITS } from '@domain/templates/rules.js';
import { FormField } from '@/components/ui/FormField.js';
import { lockedTagsOf, type TemplateFormValues } from '../template-form.js';
import { ScreenshotUploader } from './ScreenshotUploader.js';
import { TagInput } from './TagInput.js';
import { TemplateUrlField } from './TemplateUrlField.js';

interface TemplateFieldsProps {
  /** Create chooses type and app and can fetch suggestions; edit keeps them. */
  mode: 'create' | 'edit';
  values: TemplateFormValues;
  onChange: (patch: Partial<TemplateFormValues>) => void;
  onImageUrlsChange: (update: (current: string[]) => string[]) => void;
}

/** The post's fields, shared by the create and edit pages. */
export function TemplateFields({ mode, values, onChange, onImageUrlsChange }: TemplateFieldsProps) {
  return (
    <div className="template-fields">
      <TemplateUrlField mode={mode} values={values} onChange={onChange} />

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
      <TagInput
        lockedTags={lockedTagsOf(values).filter((tag) => !values.tags.includes(tag))}
        tags={values.tags}
        onTagsChange={(tags) => onChange({ tags })}
      />
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
