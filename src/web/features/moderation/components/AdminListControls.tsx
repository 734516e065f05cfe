import { useId, useState, type FormEvent } from 'react';

import { QUEUE_FILTERS, type QueueFilter } from '@domain/templates/lifecycle.js';
import { ADMIN_LIST_QUERY_MAX } from '@domain/templates/rules.js';

interface AdminListControlsProps {
  /** Names the list the controls filter. */
  label: string;
  status: QueueFilter;
  onStatus: (status: QueueFilter) => void;
  /** The title typed, sent on Search. */
  onSearch: (query: string) => void;
}

/** An admin list's filters: the status, applied on change, and a title search, applied on submit. */
export function AdminListControls({ label, status, onStatus, onSearch }: AdminListControlsProps) {
  const [typedQuery, setTypedQuery] = useState('');
  const controlsId = useId();

  function search(event: FormEvent) {
    event.preventDefault();
    onSearch(typedQuery);
  }

  return (
    <form className="admin-list__controls" role="search" aria-label={`${label} filters`} onSubmit={search}>
      <div className="admin-list__control">
        <label htmlFor={`${controlsId}-status`}>Status</label>
        <select
          id={`${controlsId}-status`}
          className="form-field__input"
          value={status}
          onChange={(event) => onStatus(event.target.value as QueueFilter)}
        >
          {QUEUE_FILTERS.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </select>
      </div>
      <div className="admin-list__control admin-list__control--grow">
        <label htmlFor={`${controlsId}-q`}>Title</label>
        <input
          id={`${controlsId}-q`}
          className="form-field__input"
          type="search"
          maxLength={ADMIN_LIST_QUERY_MAX}
          value={typedQuery}
          onChange={(event) => setTypedQuery(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary">
        Search
      </button>
    </form>
  );
}
