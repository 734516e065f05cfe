import type { ComponentType } from 'react';

import type { CurrentUser } from '@domain/accounts/current-user.js';

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
