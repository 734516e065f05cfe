import type { Role } from '../shared/events.js';
import type { UserLevel } from './events.js';

/**
 * Who counts as what, in one place: the API's access hook, its routes, the deciders and the web
 * all ask here, so "staff" cannot mean one thing on a page and another on its API.
 */

/** The levels that open the Admin Portal. */
export const STAFF_LEVELS: readonly UserLevel[] = ['admin', 'owner'];

export function isStaffLevel(lvl: UserLevel): boolean {
  return STAFF_LEVELS.includes(lvl);
}

/** An event's actor role that acted as staff (an admin's or owner's own session). */
export function isStaffRole(role: Role): boolean {
  return role === 'admin' || role === 'owner';
}

/** The parts of a signed-in person the rules look at. */
export interface AccessSubject {
  userId: string;
  lvl: UserLevel;
  /** Set for an admin's test-user session: the admin who started it. */
  impersonatedBy: string | null;
}

/** Staff acting as themselves: an admin's test-user session sees the site as a member does. */
export function isStaff(subject: AccessSubject | null): boolean {
  return subject !== null && subject.impersonatedBy === null && isStaffLevel(subject.lvl);
}

/** The owner level acting as itself. */
export function isOwner(subject: AccessSubject | null): boolean {
  return subject !== null && subject.impersonatedBy === null && subject.lvl === 'owner';
}

/** The post's author or staff: who may see a post's private parts (its history, its link before review). */
export function mayManagePost(subject: AccessSubject | null, authorId: string): boolean {
  return subject !== null && (subject.userId === authorId || isStaff(subject));
}
