import { useCallback, useEffect, useRef, useState } from 'react';
import { useFetcher, type FetcherWithComponents } from 'react-router';

import type { CurrentUser } from '@domain/accounts/current-user.js';
import type { ResourceView } from '@domain/catalogue/resource-view.js';
import { ENGAGEMENT_TOASTS } from '@domain/engagement/rules.js';
import type { EngagedResourceView } from '@domain/engagement/views.js';
import { showToast, TOAST_ERROR_TIMEOUT_MS } from '@/components/ui/toasts.js';
import { ApiError } from '@/lib/api-client.js';
import { engagementPath } from '@/lib/paths.js';
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
  updateSessionUser((user: CurrentUser) => ({
    ...user,
    actions: { ...user.actions, [list]: withMembership(user.actions[list], resourceId, member) },
  }));
}

function hasPrevActions(resource: ResourceView): resource is EngagedResourceView {
  return 'prevActions' in resource;
}

const ENGAGEMENT_TOGGLES: readonly EngagementToggle[] = ['like', 'save', 'flag'];

export function isEngagementToggle(name: string): name is EngagementToggle {
  return (ENGAGEMENT_TOGGLES as readonly string[]).includes(name);
}

/** The engagement action's answer: the server's resource, or the failure's status (the toast has said why). */
export type ToggleAnswer = { ok: true; resource: EngagedResourceView } | { ok: false; status: number };

/**
 * Turns a toggle on or off for the signed-in user, as the engagement action route does it: the
 * user's likes or saves list changes at once (every card of the resource follows), then takes the
 * server's word; on failure it goes back and a toast says so.
 */
export async function applyToggle(toggle: EngagementToggle, resourceId: string, on: boolean): Promise<ToggleAnswer> {
  if (toggle !== 'flag') setActionMember(toggle, resourceId, on);
  try {
    const rsc = await toggleEngagement(toggle, resourceId, on);
    setActionMember('like', rsc._id, rsc.prevActions.has_liked);
    setActionMember('save', rsc._id, rsc.prevActions.has_saved);
    showToast('success', successToast(toggle, rsc));
    return { ok: true, resource: rsc };
  } catch (error) {
    if (toggle !== 'flag') setActionMember(toggle, resourceId, !on);
    // A 401 already sent the user to the login page.
    if (!(error instanceof ApiError && error.status === 401)) failureToast(toggle);
    console.error(error);
    return { ok: false, status: error instanceof ApiError && error.status >= 400 ? error.status : 500 };
  }
}

/** The toggle's fetcher, shared by every button of the resource: a second click anywhere waits for the first answer. */
export function useToggleFetcher(toggle: EngagementToggle, resourceId: string) {
  return useFetcher<ToggleAnswer>({ key: `${toggle}:${resourceId}` });
}

/**
 * Submits a toggle to the engagement action. The page's loaders run again only with `reloadPage`
 * (a list the toggle changes): the answer carries the resource, and the counts are in it.
 */
export function submitToggle(
  fetcher: FetcherWithComponents<ToggleAnswer>,
  toggle: EngagementToggle,
  resourceId: string,
  on: boolean,
  { reloadPage = false } = {},
): Promise<void> {
  return fetcher.submit(
    { on: String(on) },
    { method: 'post', action: engagementPath(resourceId, toggle), defaultShouldRevalidate: reloadPage },
  );
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
 * On or off as submitted while the action runs; null otherwise (once it has answered, the answer
 * says it, even while the page's loaders run again with the submission still attached).
 */
function submittedOn(fetcher: FetcherWithComponents<ToggleAnswer>): boolean | null {
  return fetcher.state !== 'submitting' || fetcher.formData === undefined ? null : fetcher.formData.get('on') === 'true';
}

/**
 * Like, save and flag through the engagement action's fetchers, optimistically: while a submission is
 * on its way the state and count show it, then the server's updated resource replaces the local one;
 * on failure both show what they were. Liked and saved come from the signed-in user's lists, so every
 * card of a resource agrees.
 */
export function useResourceEngagement<Resource extends ResourceView>(initial: Resource): ResourceEngagement<Resource> {
  const { user } = useSession();
  const [resource, setResource] = useState(initial);
  const [flagged, setFlagged] = useState(hasPrevActions(initial) && initial.prevActions.has_flagged);
  const fetchers: Record<EngagementToggle, FetcherWithComponents<ToggleAnswer>> = {
    like: useToggleFetcher('like', initial._id),
    save: useToggleFetcher('save', initial._id),
    flag: useToggleFetcher('flag', initial._id),
  };
  // A click on a button already waiting is dropped (the fetcher's own state changes a render later).
  const submitting = useRef(new Set<EngagementToggle>());

  // A new resource from the loader (another page, or a reload) starts over.
  useEffect(() => {
    setResource(initial);
    setFlagged(hasPrevActions(initial) && initial.prevActions.has_flagged);
  }, [initial]);

  const accept = useCallback((fresh: EngagedResourceView): void => {
    setResource((current) => ({ ...current, ...fresh }));
    setFlagged(fresh.prevActions.has_flagged);
    setActionMember('like', fresh._id, fresh.prevActions.has_liked);
    setActionMember('save', fresh._id, fresh.prevActions.has_saved);
  }, []);

  // A toggle's answer replaces the resource in the render that drops its submission, so the count never shows the old number in between.
  const answers = ENGAGEMENT_TOGGLES.map((toggle) => fetchers[toggle].data);
  const [seenAnswers, setSeenAnswers] = useState(answers);
  if (answers.some((answer, index) => answer !== seenAnswers[index])) {
    setSeenAnswers(answers);
    for (const [index, answer] of answers.entries()) {
      if (answer === seenAnswers[index] || answer?.ok !== true) continue;
      setResource((current) => ({ ...current, ...answer.resource }));
      if (ENGAGEMENT_TOGGLES[index] === 'flag') setFlagged(answer.resource.prevActions.has_flagged);
    }
  }

  // Until the session has loaded, the server's prevActions (when the resource carries them) say it.
  const wasOn = {
    like: user !== null ? user.actions.likes.includes(resource._id) : hasPrevActions(resource) && resource.prevActions.has_liked,
    save: user !== null ? user.actions.saves.includes(resource._id) : hasPrevActions(resource) && resource.prevActions.has_saved,
    flag: flagged,
  };
  let shown = resource;
  const isOn = { ...wasOn };
  for (const toggle of ENGAGEMENT_TOGGLES) {
    const on = submittedOn(fetchers[toggle]);
    if (on === null) continue;
    isOn[toggle] = on;
    shown = withToggled(shown, toggle, on);
  }
  const pending = new Set(ENGAGEMENT_TOGGLES.filter((toggle) => fetchers[toggle].state !== 'idle'));

  async function toggle(toggle: EngagementToggle): Promise<void> {
    if (submitting.current.has(toggle) || fetchers[toggle].state !== 'idle') return;
    submitting.current.add(toggle);
    try {
      if ((await signedInOrLoginPrompt()) === null) return;
      await submitToggle(fetchers[toggle], toggle, resource._id, !isOn[toggle]);
    } finally {
      submitting.current.delete(toggle);
    }
  }

  return { resource: shown, liked: isOn.like, saved: isOn.save, flagged: isOn.flag, pending, toggle, accept };
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
