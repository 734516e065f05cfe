import { useState, type FormEvent } from 'react';

import type { CurrentUser } from '@domain/accounts/current-user.js';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, SOCIAL_NETWORKS, usernameProblem, type SocialNetwork } from '@domain/accounts/rules.js';
import { profileUpdateSchema } from '@domain/accounts/schemas.js';
import { ApiError } from '@/lib/api-client.js';
import { refreshSession } from '@/lib/session.js';
import { checkUsernameAvailability, updateProfile } from '../api.js';
import { draftFromUser, hasChanges, profileChanges, socialFieldValue, type ProfileDraft } from '../profile-form.js';
import { useAvailabilityCheck } from '../use-availability-check.js';

import { AppPicker } from './AppPicker.js';
import { FormField, type FieldMessage } from '@/components/ui/FormField.js';
import { ProfilePicture } from './ProfilePicture.js';
import { UnsavedChangesGuard } from './UnsavedChangesGuard.js';

const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedIn: 'LinkedIn',
  website: 'Website',
  twitter: 'Twitter / X',
};

type Outcome = { tone: 'success' | 'danger'; message: string } | null;

/** The profile tab (spec section 2): every field; Save is enabled once something changed, then 'Changes have been saved.'. */
export function ProfileTab({ user }: { user: CurrentUser }) {
  const [saved, setSaved] = useState<ProfileDraft>(() => draftFromUser(user));
  const [draft, setDraft] = useState<ProfileDraft>(saved);
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

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

  // Profile username rules (spec section 5): a name over 2 characters is checked; the own name counts as available.
  const usernameChanged = draft.username !== saved.username;
  const usernameRuleProblem = usernameProblem(draft.username);
  const usernameCheck = useAvailabilityCheck(draft.username, usernameChanged && usernameRuleProblem === null, checkUsernameAvailability);
  const usernameConfirmed = !usernameChanged || (usernameCheck.status === 'answered' && usernameCheck.value === draft.username && usernameCheck.answer.available);
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

  const appsChosen = draft.favoriteApps.length === ACCOUNT_LIMITS.favouriteApps;
  const appsUnchanged = changes.favoriteApps === undefined;
  const parsed = profileUpdateSchema.safeParse(changes);
  const fieldProblems = new Map(parsed.success ? [] : parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  const problemOf = (path: string): FieldMessage | null => {
    const problem = fieldProblems.get(path);
    return problem ? { tone: 'error', content: problem } : null;
  };

  const setInfo = (field: keyof ProfileDraft['info']) => (value: string) => setDraft((current) => ({ ...current, info: { ...current.info, [field]: value } }));
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
        error instanceof ApiError && error.status === 409 ? ACCOUNT_MESSAGES.profileUsernameTaken : error instanceof ApiError ? error.message : ACCOUNT_MESSAGES.unexpected;
      setOutcome({ tone: 'danger', message });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="profile-tab">
      <UnsavedChangesGuard dirty={dirty} />
      <ProfilePicture user={user} />
      <form className="account-form account-form--two-columns" onSubmit={(event) => void save(event)} noValidate>
        <FormField label="First name" name="firstName" autoComplete="given-name" value={draft.info.firstName} onValueChange={setInfo('firstName')} message={problemOf('info.firstName')} maxLength={ACCOUNT_LIMITS.nameMax} required showCounter />
        <FormField label="Last name" name="lastName" autoComplete="family-name" value={draft.info.lastName} onValueChange={setInfo('lastName')} message={problemOf('info.lastName')} maxLength={ACCOUNT_LIMITS.nameMax} required showCounter />
        <FormField label="Job title" name="jobTitle" autoComplete="organization-title" value={draft.info.jobTitle} onValueChange={setInfo('jobTitle')} message={problemOf('info.jobTitle')} maxLength={ACCOUNT_LIMITS.shortTextMax} />
        <FormField label="Company name" name="companyName" autoComplete="organization" value={draft.info.companyName} onValueChange={setInfo('companyName')} message={problemOf('info.companyName')} maxLength={ACCOUNT_LIMITS.shortTextMax} />
        <FormField label="Location" name="location" autoComplete="address-level2" value={draft.info.location} onValueChange={setInfo('location')} message={problemOf('info.location')} maxLength={ACCOUNT_LIMITS.shortTextMax} />
        <FormField
          label="Username"
          name="username"
          autoComplete="username"
          value={draft.username}
          onValueChange={(value) => setDraft((current) => ({ ...current, username: value }))}
          hint={ACCOUNT_MESSAGES.usernameHint}
          message={usernameMessage}
          maxLength={ACCOUNT_LIMITS.usernameMax}
        />
        <FormField
          label="Bio"
          name="bio"
          multiline
          value={draft.info.bio}
          onValueChange={setInfo('bio')}
          message={problemOf('info.bio')}
          maxLength={ACCOUNT_LIMITS.bioMax}
          showCounter
          className="account-form__full"
        />
        <fieldset className="account-form__full account-form__group">
          <legend className="account-form__group-title">Social links</legend>
          <p className="form-field__hint">Paste a link or type your handle; network links are shortened to the handle, the website is kept whole.</p>
          <div className="account-form account-form--two-columns">
            {SOCIAL_NETWORKS.map((network) => (
              <FormField
                key={network}
                label={SOCIAL_LABELS[network]}
                name={network}
                value={draft.social[network]}
                onValueChange={setSocial(network)}
                message={problemOf(`social.${network}`)}
                maxLength={ACCOUNT_LIMITS.socialMax}
              />
            ))}
          </div>
        </fieldset>
        <div className="account-form__full">
          <AppPicker
            legend="Favourite apps"
            selected={draft.favoriteApps}
            onChange={(favoriteApps) => setDraft((current) => ({ ...current, favoriteApps }))}
          />
          {!appsUnchanged && !appsChosen && <p className="form-field__hint">{ACCOUNT_MESSAGES.favouriteAppsExactly}</p>}
        </div>
        {outcome && (
          <p className={`form-alert form-alert--${outcome.tone} account-form__full`} role={outcome.tone === 'danger' ? 'alert' : 'status'}>
            {outcome.message}
          </p>
        )}
        <div className="account-form__full account-form__actions">
          <button type="button" className="button button--ghost" disabled={!dirty || saving} onClick={() => setDraft(saved)}>
            Discard changes
          </button>
          <button type="submit" className="button button--primary" disabled={!dirty || saving} aria-busy={saving}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </div>
  );
}
