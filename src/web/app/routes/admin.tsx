import { useState } from 'react';
import { Navigate, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';

import { Tabs } from '../../components/ui/Tabs.js';
import { requireSignedIn } from '../../features/accounts/route-guards.js';
import { AdminResourceList } from '../../features/moderation/components/AdminResourceList.js';
import { ReportList } from '../../features/moderation/components/ReportList.js';
import { AdminSupportSection } from '../../features/support/AdminSupportSection.js';
import { isAdminUser } from '../../features/shell/user-facts.js';
import { useSession } from '../../features/session/session.js';
import { documentTitle } from '../../lib/brand.js';
import '../../features/moderation/moderation.css';

/** Spec (roles): only admins and owners use /admin; others reaching it are redirected to /. */
export async function adminLoader({ request }: LoaderFunctionArgs) {
  const user = await requireSignedIn(request);
  if (!isAdminUser(user)) throw redirect('/');
  return user;
}

/** /admin: the review queue with reports, and resource management (generator-admin-site.md section 2). */
export function AdminPage() {
  const loadedUser = useLoaderData<typeof adminLoader>();
  const user = useSession().user ?? loadedUser;
  const [changes, setChanges] = useState({ queue: 0, search: 0 });

  // The session can change under the page (test-user mode started in another tab).
  if (!isAdminUser(user)) return <Navigate to="/" replace />;

  return (
    <section className="container admin-page">
      <title>{documentTitle('Admin Portal')}</title>
      <h1>Admin Portal</h1>
      <Tabs
        label="Admin sections"
        tabs={[
          {
            id: 'review-queue',
            label: 'Review queue',
            panel: (
              <>
                <h2 className="admin-page__heading">Posts awaiting a decision</h2>
                <AdminResourceList
                  list="queue"
                  label="Review queue"
                  initialStatus="pending"
                  otherListChanges={changes.search}
                  onChanged={() => setChanges((counts) => ({ ...counts, queue: counts.queue + 1 }))}
                />
                <h2 className="admin-page__heading">Reports</h2>
                <ReportList />
              </>
            ),
          },
          {
            id: 'resource-management',
            label: 'Resource management',
            panel: (
              <>
                <h2 className="admin-page__heading">All resources</h2>
                <AdminResourceList
                  list="search"
                  label="Resources"
                  initialStatus="all"
                  otherListChanges={changes.queue}
                  onChanged={() => setChanges((counts) => ({ ...counts, search: counts.search + 1 }))}
                />
              </>
            ),
          },
          { id: 'support', label: 'Feedback and chats', panel: <AdminSupportSection /> },
        ]}
      />
    </section>
  );
}
