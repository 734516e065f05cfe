import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, SOCIAL_NETWORKS, type SocialNetwork } from '@domain/accounts/rules.js';
import type { CurrentUser } from '@domain/accounts/current-user.js';
import type { ProfileDraft } from '../profile-form.js';
import { useProfileForm, type ProfileOutcome } from '../use-profile-form.js';

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

/** The profile tab (spec section 2): every field; Save is enabled once something changed, then 'Changes have been saved.'. */
export function ProfileTab({ user }: { user: CurrentUser }) {
  const { saved, draft, setDraft, saving, outcome, dirty, appsMissing, problemOf, usernameMessage, setInfo, setSocial, save } =
    useProfileForm(user);

  return (
    <div className="profile-tab">
      <UnsavedChangesGuard dirty={dirty} />
      <ProfilePicture user={user} />
      <form className="account-form account-form--two-columns" onSubmit={(event) => void save(event)} noValidate>
        <FormField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          value={draft.info.firstName}
          onValueChange={setInfo('firstName')}
          message={problemOf('info.firstName')}
          maxLength={ACCOUNT_LIMITS.nameMax}
          required
          showCounter
        />
        <FormField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          value={draft.info.lastName}
          onValueChange={setInfo('lastName')}
          message={problemOf('info.lastName')}
          maxLength={ACCOUNT_LIMITS.nameMax}
          required
          showCounter
        />
        <FormField
          label="Job title"
          name="jobTitle"
          autoComplete="organization-title"
          value={draft.info.jobTitle}
          onValueChange={setInfo('jobTitle')}
          message={problemOf('info.jobTitle')}
          maxLength={ACCOUNT_LIMITS.shortTextMax}
        />
        <FormField
          label="Company name"
          name="companyName"
          autoComplete="organization"
          value={draft.info.companyName}
          onValueChange={setInfo('companyName')}
          message={problemOf('info.companyName')}
          maxLength={ACCOUNT_LIMITS.shortTextMax}
        />
        <FormField
          label="Location"
          name="location"
          autoComplete="address-level2"
          value={draft.info.location}
          onValueChange={setInfo('location')}
          message={problemOf('info.location')}
          maxLength={ACCOUNT_LIMITS.shortTextMax}
        />
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
        <SocialLinksFieldset social={draft.social} setSocial={setSocial} problemOf={problemOf} />
        <div className="account-form__full">
          <AppPicker
            legend="Favourite apps"
            selected={draft.favoriteApps}
            onChange={(favoriteApps) => setDraft((current) => ({ ...current, favoriteApps }))}
          />
          {appsMissing && <p className="form-field__hint">{ACCOUNT_MESSAGES.favouriteAppsExactly}</p>}
        </div>
        <ProfileFormFooter outcome={outcome} dirty={dirty} saving={saving} onDiscard={() => setDraft(saved)} />
      </form>
    </div>
  );
}

interface SocialLinksFieldsetProps {
  social: ProfileDraft['social'];
  setSocial: (network: SocialNetwork) => (value: string) => void;
  problemOf: (path: string) => FieldMessage | null;
}

function SocialLinksFieldset({ social, setSocial, problemOf }: SocialLinksFieldsetProps) {
  return (
    <fieldset className="account-form__full account-form__group">
      <legend className="account-form__group-title">Social links</legend>
      <p className="form-field__hint">
        Paste a link or type your handle; network links are shortened to the handle, the website is kept whole.
      </p>
      <div className="account-form account-form--two-columns">
        {SOCIAL_NETWORKS.map((network) => (
          <FormField
            key={network}
            label={SOCIAL_LABELS[network]}
            name={network}
            value={social[network]}
            onValueChange={setSocial(network)}
            message={problemOf(`social.${network}`)}
            maxLength={ACCOUNT_LIMITS.socialMax}
          />
        ))}
      </div>
    </fieldset>
  );
}

interface ProfileFormFooterProps {
  outcome: ProfileOutcome;
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
}

/** How the last save went, then Discard and Save (both off until something changed). */
function ProfileFormFooter({ outcome, dirty, saving, onDiscard }: ProfileFormFooterProps) {
  return (
    <>
      {outcome && (
        <p className={`form-alert form-alert--${outcome.tone} account-form__full`} role={outcome.tone === 'danger' ? 'alert' : 'status'}>
          {outcome.message}
        </p>
      )}
      <div className="account-form__full account-form__actions">
        <button type="button" className="button button--ghost" disabled={!dirty || saving} onClick={onDiscard}>
          Discard changes
        </button>
        <button type="submit" className="button button--primary" disabled={!dirty || saving} aria-busy={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
      </div>
    </>
  );
}
