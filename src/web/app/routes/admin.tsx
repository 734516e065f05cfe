import { Navigate, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';

import { Tabs } from '@/components/ui/Tabs.js';
import { requireSignedIn } from '@/features/accounts/route-guards.js';
import { ModerationChangesProvider } from '@/features/moderation/components/ModerationSections.js';
import { ADMIN_SECTIONS } from './admin-sections.js';
import { SimulateNewUserToggle } from '@/features/accounts/components/SimulateNewUserToggle.js';
import { isAdminUser } from '@/lib/user-facts.js';
import { useSession } from '@/lib/session.js';
import { documentTitle } from '@/lib/brand.js';
import '@/features/moderation/moderation.css';
import '@/features/admin/admin.css';

/** Spec (roles): only admins and owners use /admin; others reaching it are redirected to /. */
export async function adminLoader({ request }: LoaderFunctionArgs) {
  const user = await requireSignedIn(request);
  if (!isAdminUser(user)) throw redirect('/');
  return user;
}

/** /admin: the admin portal's sections (generator-admin-site.md section 2), listed in admin-sections.tsx. */
export function AdminPage() {
  const loadedUser = useLoaderData<typeof adminLoader>();
  const user = useSession().user ?? loadedUser;

  // The session can change under the page (test-user mode started in another tab).
  if (!isAdminUser(user)) return <Navigate to="/" replace />;

  return (
    <section className="container admin-page">
      <title>{documentTitle('Admin Portal')}</title>
      <div className="admin-page__header">
        <h1>Admin Portal</h1>
        <SimulateNewUserToggle />
      </div>
      <ModerationChangesProvider>
        <Tabs label="Admin sections" tabs={ADMIN_SECTIONS.map(({ id, label, Panel }) => ({ id, label, panel: <Panel user={user} /> }))} />
      </ModerationChangesProvider>
    </section>
  );
}
