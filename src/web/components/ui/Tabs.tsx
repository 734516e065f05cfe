import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

import { useSelectedTabInView } from './use-selected-tab-in-view.js';

export interface TabDefinition {
  id: string;
  label: string;
  panel: ReactNode;
}

interface TabsProps {
  /** Names the tab list for assistive technology. */
  label: string;
  tabs: readonly TabDefinition[];
}

/**
 * Tabs following the WAI-ARIA tabs pattern: one tab stop, arrow keys, Home and End move between
 * tabs and select them. Every panel stays mounted (the others hidden), so switching back is instant.
 */
export function Tabs({ label, tabs }: TabsProps) {
  const baseId = useId();
  const [selectedId, setSelectedId] = useState(tabs[0]?.id);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  useSelectedTabInView(tabRefs.current, selectedId);

  const tabElementId = (tabId: string) => `${baseId}-tab-${tabId}`;
  const panelElementId = (tabId: string) => `${baseId}-panel-${tabId}`;

  function select(index: number) {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (tab === undefined) return;
    setSelectedId(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const targets: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = targets[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => {
          const selected = tab.id === selectedId;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element === null) tabRefs.current.delete(tab.id);
                else tabRefs.current.set(tab.id, element);
              }}
              type="button"
              role="tab"
              className="tabs__tab"
              id={tabElementId(tab.id)}
              aria-selected={selected}
              aria-controls={panelElementId(tab.id)}
              tabIndex={selected ? 0 : -1}
              onClick={() => setSelectedId(tab.id)}
              onKeyDown={(event) => handleKeyDown(event, index)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          className="tabs__panel"
          id={panelElementId(tab.id)}
          aria-labelledby={tabElementId(tab.id)}
          hidden={tab.id !== selectedId}
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}
