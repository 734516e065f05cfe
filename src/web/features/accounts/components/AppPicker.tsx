import { ACCOUNT_LIMITS } from '@domain/accounts/rules.js';
import { APPS } from '@domain/catalogue/taxonomy.js';

interface AppPickerProps {
  legend: string;
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/** Favourite apps as a group of checkboxes; once 5 are picked the others are disabled (spec: exactly 5, maximum 5). */
export function AppPicker({ legend, selected, onChange }: AppPickerProps) {
  const full = selected.length >= ACCOUNT_LIMITS.favouriteApps;

  return (
    <fieldset className="app-picker">
      <legend className="form-field__label">
        {legend}{' '}
        <span className="app-picker__count">
          ({selected.length} / {ACCOUNT_LIMITS.favouriteApps})
        </span>
      </legend>
      <ul className="app-picker__options">
        {APPS.map((app) => {
          const checked = selected.includes(app.name);
          return (
            <li key={app.name}>
              <label className="app-picker__option" data-checked={checked || undefined}>
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && full}
                  onChange={(event) =>
                    onChange(event.target.checked ? [...selected, app.name] : selected.filter((name) => name !== app.name))
                  }
                />
                {app.label}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
