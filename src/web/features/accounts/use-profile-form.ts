import { useState, type FormEvent } from 'react';

import type { CurrentUser } from '@domain/accounts/current-user.js';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, usernameProblem, type SocialNetwork } from '@domain/accounts/rules.js';
import { profileUpdateSchema } from '@domain/accounts/schemas.js';
import type { FieldMessage } from '@/components/ui/FormField.js';
import { ApiError } from '@/lib/api-client.js';
import { refreshSession } from '@/lib/session.js';
import { checkUsernameAvailability, updateProfile } from './api.js';
import { draftFromUser, hasChanges, profileChanges, socialFieldValue, type ProfileDraft } from './profile-form.js';
import { useAvailabilityCheck } from './use-availability-check.js';

export type ProfileOutcome = { tone: 'success' | 'danger'; message: string } | null;

/** The profile form's state: the draft against the saved profile, each field's problem, and saving. */
export function useProfileForm(user: CurrentUser) {
  const [saved, setSaved] = useState<ProfileDraft>(() => draftFromUser(user));
  const [draft, setDraft] = useState<ProfileDraft>(saved);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<ProfileOutcome>(null);

  const changes = profileChanges(saved, draft);
  const dirty = hasChanges(changes);

  // The user changed elsewhere (welcome modal, verification, picture): take it in unless the person is editing.
  const [syncedUser, setSyncedUser] = useState(user);
  if (user !== syncedUser) {
    setSyncedUser(user);
    if (!dirty) {
      const fresh = draftFromUser(user);
      setSaved(fresh);
      setDraft(fresh);
    }
  }

  const { usernameConfirmed, usernameMessage } = useUsernameCheck(draft.username, saved.username);

  const appsChosen = draft.favoriteApps.length === ACCOUNT_LIMITS.favouriteApps;
  const appsUnchanged = changes.favoriteApps === undefined;
  const parsed = profileUpdateSchema.safeParse(changes);
  const fieldProblems = new Map(parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  const problemOf = (path: string): FieldMessage | null => {
    const problem = fieldProblems.get(path);
    return problem ? { tone: 'error', content: problem } : null;
  };

  const setInfo = (field: keyof ProfileDraft['info']) => (value: string) =>
    setDraft((current) => ({ ...current, info: { ...current.info, [field]: value } }));
  const setSocial = (network: SocialNetwork) => (value: string) =>
    setDraft((current) => ({ ...current, social: { ...current.social, [network]: socialFieldValue(network, value) } }));

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!dirty || saving) return;
    if (!usernameConfirmed) {
      setOutcome({ tone: 'danger', message: ACCOUNT_MESSAGES.profileUsernameMustBeUnique });
      return;
    }
    if (!appsUnchanged && !appsChosen) {
      setOutcome({ tone: 'danger', message: ACCOUNT_MESSAGES.favouriteAppsExactly });
      return;
    }
    if (!parsed.success) {
      setOutcome({ tone: 'danger', message: parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.unexpected });
      return;
    }
    setSaving(true);
    setOutcome(null);
    try {
      const updated = await updateProfile(parsed.data);
      // The saved profile becomes the new starting point, and the rest of the app reads the new user.
      const fresh = draftFromUser(updated);
      setSaved(fresh);
      setDraft(fresh);
      setOutcome({ tone: 'success', message: ACCOUNT_MESSAGES.profileSaved });
      await refreshSession();
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 409
          ? ACCOUNT_MESSAGES.profileUsernameTaken
          : error instanceof ApiError
            ? error.message
            : ACCOUNT_MESSAGES.unexpected;
      setOutcome({ tone: 'danger', message });
    } finally {
      setSaving(false);
    }
  }

  return {
    saved,
    draft,
    setDraft,
    saving,
    outcome,
    dirty,
    appsMissing: !appsUnchanged && !appsChosen,
    problemOf,
    usernameMessage,
    setInfo,
    setSocial,
    save,
  };
}

/** Profile username rules (spec section 5): a name over 2 characters is checked; the own name counts as available. */
function useUsernameCheck(username: string, savedUsername: string) {
  const usernameChanged = username !== savedUsername;
  const usernameRuleProblem = usernameProblem(username);
  const usernameCheck = useAvailabilityCheck(username, usernameChanged && usernameRuleProblem === null, checkUsernameAvailability);
  const usernameConfirmed =
    !usernameChanged || (usernameCheck.status === 'answered' && usernameCheck.value === username && usernameCheck.answer.available);
  let usernameMessage: FieldMessage | null = null;
  if (usernameChanged && usernameRuleProblem) usernameMessage = { tone: 'error', content: usernameRuleProblem };
  else if (usernameCheck.status === 'checking') usernameMessage = { tone: 'info', content: 'Checking…' };
  else if (usernameCheck.status === 'failed') usernameMessage = { tone: 'error', content: ACCOUNT_MESSAGES.profileUsernameCheckFailed };
  else if (usernameCheck.status === 'answered') {
    const { answer } = usernameCheck;
    usernameMessage = answer.available
      ? { tone: 'success', content: ACCOUNT_MESSAGES.profileUsernameAvailable }
      : { tone: 'error', content: answer.reserved ? answer.message : ACCOUNT_MESSAGES.profileUsernameTaken };
  }
  return { usernameConfirmed, usernameMessage };
}
