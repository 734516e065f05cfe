import type { ComponentType } from 'react';

import type { CurrentUser } from '@domain/accounts/current-user.js';
import { BulkImport } from './components/BulkImport.js';
import { CurationEditors } from './components/CurationEditors.js';
import { FunnelPanel } from './components/FunnelPanel.js';
import { KpiPanel } from './components/KpiPanel.js';
import { MaintenanceActions } from './components/MaintenanceActions.js';
import { MassEmail } from './components/MassEmail.js';
import { AdminSupportSection } from '@/features/support/AdminSupportSection.js';
import { ResourceManagementSection, ReviewQueueSection } from './components/ModerationSections.js';
import { PriceRequests } from './components/PriceRequests.js';
import { SiteAnalytics } from './components/SiteAnalytics.js';
import { UserManagement } from './components/UserManagement.js';

export interface AdminSectionProps {
  /** The signed-in admin or owner. */
  user: CurrentUser;
}

export interface AdminSection {
  /** Stable: tests and links find the section by it. */
  id: string;
  label: string;
  Panel: ComponentType<AdminSectionProps>;
}

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
