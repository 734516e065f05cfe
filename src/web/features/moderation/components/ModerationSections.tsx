import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

import { AdminResourceList } from './AdminResourceList.js';
import { ReportList } from './ReportList.js';

/*
 * The review queue and resource management may list the same posts: a change made in one reloads
 * the other. Both read the counts of changes from this context (the portal keeps every panel mounted).
 */
interface ModerationChanges {
  changes: { queue: number; search: number };
  changed(list: 'queue' | 'search'): void;
}
const ModerationChangesContext = createContext<ModerationChanges | null>(null);

export function ModerationChangesProvider({ children }: { children: ReactNode }) {
  const [changes, setChanges] = useState({ queue: 0, search: 0 });
  const value = useMemo<ModerationChanges>(
    () => ({ changes, changed: (list) => setChanges((counts) => ({ ...counts, [list]: counts[list] + 1 })) }),
    [changes],
  );
  return <ModerationChangesContext.Provider value={value}>{children}</ModerationChangesContext.Provider>;
}

function useModerationChanges(): ModerationChanges {
  const context = useContext(ModerationChangesContext);
  if (context === null) throw new Error('The moderation sections need a ModerationChangesProvider');
  return context;
}

export function ReviewQueueSection() {
  const { changes, changed } = useModerationChanges();
  return (
    <>
      <h2 className="admin-page__heading">Posts awaiting a decision</h2>
      <AdminResourceList
        list="queue"
        label="Review queue"
        initialStatus="pending"
        otherListChanges={changes.search}
        onChanged={() => changed('queue')}
      />
      <h2 className="admin-page__heading">Reports</h2>
      <ReportList />
    </>
  );
}

export function ResourceManagementSection() {
  const { changes, changed } = useModerationChanges();
  return (
    <>
      <h2 className="admin-page__heading">All resources</h2>
      <AdminResourceList
        list="search"
        label="Resources"
        initialStatus="all"
        otherListChanges={changes.queue}
        onChanged={() => changed('search')}
      />
    </>
  );
}
