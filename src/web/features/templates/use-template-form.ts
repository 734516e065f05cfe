import { useCallback, useState } from 'react';

import { isFormDirty, touch, untouchedFlags, type TemplateFormValues, type TouchedFlags } from './template-form.js';

/** The form's values against its initial ones, with the touched flags and a count of changes (for the progress debounce). */
export function useTemplateForm(initialValues: TemplateFormValues) {
  const [initial, setInitial] = useState(initialValues);
  const [values, setValues] = useState(initialValues);
  const [touched, setTouched] = useState<TouchedFlags>(untouchedFlags);
  const [changeCount, setChangeCount] = useState(0);

  const change = useCallback((patch: Partial<TemplateFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setTouched((current) => touch(current, Object.keys(patch) as (keyof TemplateFormValues)[]));
    setChangeCount((count) => count + 1);
  }, []);

  const changeImages = useCallback((update: (current: string[]) => string[]) => {
    setValues((current) => ({ ...current, imageUrls: update(current.imageUrls) }));
    setTouched((current) => touch(current, ['imageUrls']));
    setChangeCount((count) => count + 1);
  }, []);

  /** After a save: what was saved is the new starting point. */
  const markSaved = useCallback((saved: TemplateFormValues) => {
    setInitial(saved);
    setValues(saved);
  }, []);

  return { values, change, changeImages, markSaved, touched, changeCount, dirty: isFormDirty(initial, values) };
}
