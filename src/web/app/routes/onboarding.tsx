import { useState, type FormEvent } from 'react';
import { redirect, useLoaderData, useNavigate, useSearchParams } from 'react-router';

import type { CurrentUser } from '@domain/accounts/current-user.js';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '@domain/accounts/rules.js';
import { onboardingSchema } from '@domain/accounts/schemas.js';
import { ApiError, apiRequest } from '@/lib/api-client.js';
import { updateProfile } from '@/features/accounts/api.js';
import { FormField } from '@/components/ui/FormField.js';
import { safeRedirectPath } from '@/features/accounts/login-flow.js';
import { loginPathFor, onboardingPathFor, RETURN_PATH_PARAMETER } from '@/lib/return-paths.js';
import { refreshSession } from '@/lib/session.js';
import { documentTitle } from '@/lib/brand.js';

const ACCOUNT_PATH = '/account';

/** Without user data the page goes to /404; a refused session goes to /login (spec section 2, Onboarding). */
export async function onboardingLoader({ request }: { request: Request }): Promise<CurrentUser> {
  try {
    const user = await apiRequest<CurrentUser | null>('/users/private/me', { authFailures: 'silent' });
    if (!user?.username) throw redirect('/404');
    return user;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403))
      throw redirect(loginPathFor(onboardingPathFor(new URL(request.url).searchParams.get(RETURN_PATH_PARAMETER))));
    if (error instanceof ApiError) throw redirect('/404');
    throw error;
  }
}

export function OnboardingPage() {
  const user = useLoaderData<typeof onboardingLoader>();
  const { fields, set, problemOf, saving, failure, submit } = useOnboardingForm(user);

  return (
    <div className="auth-page">
      <title>{documentTitle(ACCOUNT_MESSAGES.onboardingTitle)}</title>
      <section className="auth-card auth-card--wide" aria-labelledby="onboarding-heading">
        <h1 id="onboarding-heading" className="auth-card__title">
          {ACCOUNT_MESSAGES.onboardingTitle}
        </h1>
        <p className="auth-card__lead muted">
          Welcome, @{user.username}! Tell the community who you are. First and last name are required.
        </p>
        <form className="account-form account-form--two-columns" onSubmit={(event) => void submit(event)} noValidate>
          <FormField
            label="First name"
            name="firstName"
            autoComplete="given-name"
            required
            value={fields.firstName}
            onValueChange={set('firstName')}
            message={problemOf('firstName')}
            maxLength={ACCOUNT_LIMITS.nameMax}
            showCounter
          />
          <FormField
            label="Last name"
            name="lastName"
            autoComplete="family-name"
            required
            value={fields.lastName}
            onValueChange={set('lastName')}
            message={problemOf('lastName')}
            maxLength={ACCOUNT_LIMITS.nameMax}
            showCounter
          />
          <FormField
            label="Job title"
            name="jobTitle"
            autoComplete="organization-title"
            value={fields.jobTitle}
            onValueChange={set('jobTitle')}
            maxLength={ACCOUNT_LIMITS.shortTextMax}
          />
          <FormField
            label="Company name"
            name="companyName"
            autoComplete="organization"
            value={fields.companyName}
            onValueChange={set('companyName')}
            maxLength={ACCOUNT_LIMITS.shortTextMax}
          />
          <FormField
            label="Location"
            name="location"
            autoComplete="address-level2"
            value={fields.location}
            onValueChange={set('location')}
            maxLength={ACCOUNT_LIMITS.shortTextMax}
            className="account-form__full"
          />
          {failure && (
            <p className="form-alert form-alert--danger account-form__full" role="alert">
              {failure}
            </p>
          )}
          <button
            type="submit"
            className="button button--primary account-form__submit account-form__full"
            disabled={saving}
            aria-busy={saving}
          >
            {saving ? 'Saving…' : ACCOUNT_MESSAGES.onboardingSubmit}
          </button>
        </form>
      </section>
    </div>
  );
}

/** The names and work details asked at onboarding: the names checked once Continue was pressed, then saved and on to where the member was going. */
function useOnboardingForm(user: CurrentUser) {
  const navigate = useNavigate();
  const [parameters] = useSearchParams();
  const [fields, setFields] = useState({
    firstName: user.info.firstName,
    lastName: user.info.lastName,
    jobTitle: user.info.jobTitle,
    companyName: user.info.companyName,
    location: user.info.location,
  });
  const [attempted, setAttempted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const names = onboardingSchema.safeParse(fields);
  const nameProblems = new Map(names.success ? [] : names.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  const set = (name: keyof typeof fields) => (value: string) => setFields((current) => ({ ...current, [name]: value }));
  const problemOf = (name: 'firstName' | 'lastName') => {
    const problem = nameProblems.get(name);
    return attempted && problem ? { tone: 'error' as const, content: problem } : null;
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAttempted(true);
    if (!names.success) {
      // On a phone the names sit a screen above the button: go to the first one to fix, or nothing seems to happen.
      const field = String(names.error.issues[0]?.path[0] ?? 'firstName');
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus();
      return;
    }
    if (saving) return;
    setSaving(true);
    setFailure(null);
    try {
      await updateProfile({ info: Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value.trim()])) });
      await refreshSession();
      // Back to where they chose to join (a post they wanted to buy, say), or to their account.
      await navigate(safeRedirectPath(parameters.get(RETURN_PATH_PARAMETER), ACCOUNT_PATH));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : ACCOUNT_MESSAGES.unexpected);
      setSaving(false);
    }
  }

  return { fields, set, problemOf, saving, failure, submit };
}
