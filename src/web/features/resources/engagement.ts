import { useCallback, useEffect, useRef, useState } from 'react';

import type { CurrentUser } from '@domain/accounts/current-user.js';
import type { ResourceView } from '@domain/catalogue/resource-view.js';
import { ENGAGEMENT_TOASTS } from '@domain/engagement/rules.js';
import type { EngagedResourceView } from '@domain/engagement/views.js';
import { showToast, TOAST_ERROR_TIMEOUT_MS } from '@/components/ui/toasts.js';
import { ApiError } from '@/lib/api-client.js';
import { getSession, signedInOrLoginPrompt, updateSessionUser, useSession } from '@/lib/session.js';
import { toggleEngagement } from './api.js';

/** The per-user toggles on a resource; clicks are counted separately (they are not toggles). */
export type EngagementToggle = 'like' | 'save' | 'flag';

const RATING_OF: Record<EngagementToggle, keyof ResourceView['ratings']> = { like: 'positive', save: 'saves', flag: 'redFlags' };
const ACTION_LIST_OF = { like: 'likes', save: 'saves' } as const;

/** The resource as it looks right after the viewer turned `toggle` on or off: its count moves by one (spec 4, Like and save). */
export function withToggled<Resource extends ResourceView>(resource: Resource, toggle: EngagementToggle, turnedOn: boolean): Resource {
  const rating = RATING_OF[toggle];
  return { ...resource, ratings: { ...resource.ratings, [rating]: Math.max(0, resource.ratings[rating] + (turnedOn ? 1 : -1)) } };
}

/** The user's likes or saves list with `resourceId` in it or not. */
export function withMembership(list: readonly string[], resourceId: string, member: boolean): string[] {
  const others = list.filter((id) => id !== resourceId);
  return member ? [...others, resourceId] : others;
}

function setActionMember(toggle: 'like' | 'save', resourceId: string, member: boolean): void {
  const list = ACTION_LIST_OF[toggle];
  const user = getSession().user;
  if (user === null || user.actions[list].includes(resourceId) === member) return;
  updateSessionUser((user: CurrentUser) => ({ ...user, actions: { ...user.actions, [list]: withMembership(user.actions[list], resourceId, member) } }));
}

function hasPrevActions(resource: ResourceView): resource is EngagedResourceView {
  return 'prevActions' in resource;
}

export interface ResourceEngagement<Resource extends ResourceView> {
  resource: Resource;
  liked: boolean;
  saved: boolean;
  flagged: boolean;
  /** The toggles waiting for the server: a second click waits for the first answer. */
  pending: ReadonlySet<EngagementToggle>;
  toggle(toggle: EngagementToggle): Promise<void>;
  /** Replaces the resource with a fresher answer of the server (view and click counts). */
  accept(fresh: EngagedResourceView): void;
}

/**
 * Like, save and flag with an optimistic update: the state and count flip at once, then the
 * server's updated resource replaces the local one; on failure both go back and a toast says so.
 * Liked and saved come from the signed-in user's lists, so every card of a resource agrees.
 */
export function useResourceEngagement<Resource extends ResourceView>(initial: Resource): ResourceEngagement<Resource> {
  const { user } = useSession();
  const [resource, setResource] = useState(initial);
  const [flagged, setFlagged] = useState(hasPrevActions(initial) && initial.prevActions.has_flagged);
  const [pending, setPending] = useState<ReadonlySet<EngagementToggle>>(new Set());
  const pendingRef = useRef(new Set<EngagementToggle>());

  // A new resource from the loader (another page, or a reload) starts over.
  useEffect(() => {
    setResource(initial);
    setFlagged(hasPrevActions(initial) && initial.prevActions.has_flagged);
  }, [initial]);

  // Until the session has loaded, the server's prevActions (when the resource carries them) say it.
  const liked = user !== null ? user.actions.likes.includes(resource._id) : hasPrevActions(resource) && resource.prevActions.has_liked;
  const saved = user !== null ? user.actions.saves.includes(resource._id) : hasPrevActions(resource) && resource.prevActions.has_saved;

  const accept = useCallback((fresh: EngagedResourceView): void => {
    setResource((current) => ({ ...current, ...fresh }));
    setFlagged(fresh.prevActions.has_flagged);
    setActionMember('like', fresh._id, fresh.prevActions.has_liked);
    setActionMember('save', fresh._id, fresh.prevActions.has_saved);
  }, []);

  function setPendingToggle(toggle: EngagementToggle, isPending: boolean): void {
    if (isPending) pendingRef.current.add(toggle);
    else pendingRef.current.delete(toggle);
    setPending(new Set(pendingRef.current));
  }

  async function toggle(toggle: EngagementToggle): Promise<void> {
    if (pendingRef.current.has(toggle)) return;
    if ((await signedInOrLoginPrompt()) === null) return;
    const wasOn = toggle === 'like' ? liked : toggle === 'save' ? saved : flagged;
    const before = resource;
    setPendingToggle(toggle, true);
    setResource(withToggled(resource, toggle, !wasOn));
    if (toggle === 'flag') setFlagged(!wasOn);
    else setActionMember(toggle, resource._id, !wasOn);

    try {
      const rsc = await toggleEngagement(toggle, resource._id, !wasOn);
      accept(rsc);
      showToast('success', successToast(toggle, rsc));
    } catch (error) {
      setResource(before);
      if (toggle === 'flag') setFlagged(wasOn);
      else setActionMember(toggle, before._id, wasOn);
      // A 401 already sent the user to the login page.
      if (!(error instanceof ApiError && error.status === 401)) failureToast(toggle);
      console.error(error);
    } finally {
      setPendingToggle(toggle, false);
    }
  }

  return { resource, liked, saved, flagged, pending, toggle, accept };
}

function successToast(toggle: EngagementToggle, rsc: EngagedResourceView): string {
  if (toggle === 'like') return rsc.prevActions.has_liked ? ENGAGEMENT_TOASTS.liked : ENGAGEMENT_TOASTS.unliked;
  if (toggle === 'save') return rsc.prevActions.has_saved ? ENGAGEMENT_TOASTS.saved : ENGAGEMENT_TOASTS.unsaved;
  return rsc.prevActions.has_flagged ? ENGAGEMENT_TOASTS.flagged : ENGAGEMENT_TOASTS.unflagged;
}

/** The spec's failure toasts: like shows 'Kudos removed!' error-style; save its own text for 3 s. */
function failureToast(toggle: EngagementToggle): void {
  if (toggle === 'like') showToast('error', ENGAGEMENT_TOASTS.unliked);
  else if (toggle === 'save') showToast('error', ENGAGEMENT_TOASTS.saveFailed, TOAST_ERROR_TIMEOUT_MS);
  else showToast('error', ENGAGEMENT_TOASTS.flagFailed);
}
