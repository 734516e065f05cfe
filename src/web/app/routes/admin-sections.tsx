import type { AdminSection } from '@/features/admin/admin-section.js';
import { BulkImport } from '@/features/admin/components/BulkImport.js';
import { CurationEditors } from '@/features/admin/components/CurationEditors.js';
import { FunnelPanel } from '@/features/admin/components/FunnelPanel.js';
import { KpiPanel } from '@/features/admin/components/KpiPanel.js';
import { MaintenanceActions } from '@/features/admin/components/MaintenanceActions.js';
import { MassEmail } from '@/features/admin/components/MassEmail.js';
import { AdminSupportSection } from '@/features/support/AdminSupportSection.js';
import { ResourceManagementSection, ReviewQueueSection } from '@/features/moderation/components/ModerationSections.js';
import { PriceRequests } from '@/features/moderation/components/PriceRequests.js';
import { SiteAnalytics } from '@/features/admin/components/SiteAnalytics.js';
import { UserManagement } from '@/features/admin/components/UserManagement.js';

/** The admin portal's sections, in the order of its tabs: adding a section is one line here. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: 'review-queue', label: 'Review queue', Panel: ReviewQueueSection },
  { id: 'user-management', label: 'User management', Panel: UserManagement },
  { id: 'resource-management', label: 'Resource management', Panel: ResourceManagementSection },
  { id: 'price-requests', label: 'Price requests', Panel: PriceRequests },
  { id: 'homepage-lists', label: 'Homepage lists', Panel: CurationEditors },
  { id: 'site-analytics', label: 'Site analytics', Panel: ({ user }) => <SiteAnalytics adminId={user._id} /> },
  { id: 'kpis', label: 'KPIs', Panel: KpiPanel },
  { id: 'template-funnel', label: 'Template funnel', Panel: FunnelPanel },
  { id: 'support', label: 'Feedback and chats', Panel: AdminSupportSection },
  { id: 'bulk-import', label: 'Bulk import', Panel: BulkImport },
  { id: 'maintenance', label: 'Validate and keywords', Panel: MaintenanceActions },
  { id: 'mass-email', label: 'Mass e-mail', Panel: MassEmail },
];
