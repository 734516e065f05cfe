import { useEffect, useId, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';

import { AUTOCOMPLETE_WAIT_MS, SEARCH_BUTTON_LOCK_MS, SEARCH_NAVIGATION_DELAY_MS } from '@domain/discovery/constants.js';
import { SearchIcon } from '@/components/ui/icons.js';
import { appPath, resourcePath, topicPath } from '@/lib/paths.js';
import { fetchAutocomplete, type AutocompleteAnswer } from '../api.js';
import { normaliseTyping, searchLocation } from '../search-state.js';

const NO_SUGGESTIONS: AutocompleteAnswer = { titles: [], topics: [], apps: [] };

/**
 * The navigation bar's search: suggestions (titles, topics, apps) after a 1 s pause in typing;
 * a search locks the button ('Searching...') for about 2 s and navigates after 500 ms.
 */
export function SearchBar() {
  const navigate = useNavigate();
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const { suggestions, open, setOpen } = useSuggestions(text);
  const [searching, setSearching] = useState(false);
  const timers = useRef<number[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => () => timers.current.forEach((timer) => window.clearTimeout(timer)), []);

  function later(work: () => void, ms: number) {
    timers.current.push(window.setTimeout(work, ms));
  }

  function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = text.trim();
    if (query === '' || searching) return;
    setSearching(true);
    setOpen(false);
    later(() => void navigate(searchLocation({ q: query })), SEARCH_NAVIGATION_DELAY_MS);
    later(() => setSearching(false), SEARCH_BUTTON_LOCK_MS);
  }

  /** Escape closes the suggestions; the arrow keys walk from the box through them and back. */
  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Escape') setOpen(false);
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const stops: HTMLElement[] = [inputRef.current!, ...(formRef.current?.querySelectorAll<HTMLElement>('.search-bar__suggestion') ?? [])];
    if (stops.length === 1) return;
    event.preventDefault();
    const here = stops.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? Math.min(here + 1, stops.length - 1) : Math.max(here - 1, 0);
    stops[next]!.focus();
  }

  /** Focus moving into the suggestions keeps them open; leaving the search closes them. */
  function onBlur(event: FocusEvent) {
    if (event.relatedTarget instanceof Node && formRef.current?.contains(event.relatedTarget)) return;
    later(() => setOpen(false), 150);
  }

  const hasSuggestions = suggestions.titles.length + suggestions.topics.length + suggestions.apps.length > 0;
  const chooseSuggestion = () => {
    setOpen(false);
    setText('');
  };

  return (
    <form ref={formRef} className="navbar-search search-bar" role="search" onSubmit={search} onKeyDown={onKeyDown} onBlur={onBlur}>
      <label htmlFor={inputId} className="visually-hidden">
        Search templates
      </label>
      <input
        ref={inputRef}
        id={inputId}
        className="navbar-search__input"
        type="search"
        name="q"
        placeholder="Search templates…"
        autoComplete="off"
        aria-describedby={open && hasSuggestions ? listId : undefined}
        value={text}
        disabled={searching}
        onChange={(event) => setText(normaliseTyping(event.target.value))}
        onFocus={() => setOpen(true)}
      />
      <button type="submit" className="navbar-search__submit" disabled={searching || text.trim() === ''}>
        {searching ? <span className="search-bar__searching">Searching...</span> : <SearchIcon />}
        <span className="visually-hidden">Search</span>
      </button>
      {open && hasSuggestions && <SuggestionList id={listId} suggestions={suggestions} onChoose={chooseSuggestion} />}
    </form>
  );
}

/** Suggestions for what is typed, asked for after a pause in typing; they open when they come. */
function useSuggestions(text: string) {
  const [suggestions, setSuggestions] = useState<AutocompleteAnswer>(NO_SUGGESTIONS);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const typed = text.trim();
    if (typed === '') {
      setSuggestions(NO_SUGGESTIONS);
      return;
    }
    const controller = new AbortController();
    const wait = window.setTimeout(() => {
      fetchAutocomplete(typed, controller.signal).then(
        (answer) => {
          setSuggestions(answer);
          setOpen(true);
        },
        (error: unknown) => {
          if (!controller.signal.aborted) console.error('Autocomplete failed', error);
        },
      );
    }, AUTOCOMPLETE_WAIT_MS);
    return () => {
      window.clearTimeout(wait);
      controller.abort();
    };
  }, [text]);

  return { suggestions, open, setOpen };
}

function SuggestionList({ id, suggestions, onChoose }: { id: string; suggestions: AutocompleteAnswer; onChoose: () => void }) {
  return (
    <div id={id} className="search-bar__suggestions" role="region" aria-label="Suggestions">
      <SuggestionGroup
        title="Templates"
        items={suggestions.titles.map((item) => ({ key: item.titleUrl, label: item.title, to: resourcePath(item.titleUrl) }))}
        onChoose={onChoose}
      />
      <SuggestionGroup
        title="Topics"
        items={suggestions.topics.map((item) => ({ key: item.name, label: item.label, to: topicPath(item.name) }))}
        onChoose={onChoose}
      />
      <SuggestionGroup
        title="Apps"
        items={suggestions.apps.map((item) => ({ key: item.name, label: item.label, to: appPath(item.name) }))}
        onChoose={onChoose}
      />
    </div>
  );
}

function SuggestionGroup({
  title,
  items,
  onChoose,
}: {
  title: string;
  items: { key: string; label: string; to: string }[];
  onChoose: () => void;
}) {
  if (items.length === 0) return null;
  return (
    <section className="search-bar__group">
      <h2 className="search-bar__group-title">{title}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <Link to={item.to} className="search-bar__suggestion" onMouseDown={(event) => event.preventDefault()} onClick={onChoose}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
