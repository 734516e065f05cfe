import type { CurrentUser } from '../../../../domain/accounts/current-user.js';
import { Link } from 'react-router';

/** GET /users/progression (spec section 3: Progression). */
export interface Progression {
  verifyEmail: boolean;
  profilePicture: boolean;
  giveKudos: boolean;
  addComment: boolean;
  createPost: boolean;
}

/**
 * The checklist from the signed-in user. There is no GET /users/progression yet: everything but
 * comments (not built yet, so never done) can be read off the current user.
 */
export function progressionOf(user: CurrentUser): Progression {
  return {
    verifyEmail: user.verification.status === 'verified',
    profilePicture: user.info.thumbnail !== null,
    giveKudos: user.actions.likes.length > 0,
    addComment: false,
    createPost: user.actions.posts.length > 0,
  };
}

/** The six steps; the first three are done on the account page. */
export function checklistSteps(progression: Progression) {
  return [
    { label: 'Create account', done: true, to: '/account' },
    { label: 'Verify email', done: progression.verifyEmail, to: '/account' },
    { label: 'Set profile picture', done: progression.profilePicture, to: '/account' },
    { label: 'Give kudos', done: progression.giveKudos, to: null },
    { label: 'Add a comment', done: progression.addComment, to: null },
    { label: 'Create a post', done: progression.createPost, to: null },
  ];
}

/** Get-started checklist for signed-in users: hidden once every step is done. */
export function ChecklistCard({ progression }: { progression: Progression }) {
  const steps = checklistSteps(progression);
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return null;
  const percent = Math.round((done / steps.length) * 100);
  return (
    <section className="side-card checklist-card" aria-labelledby="checklist-heading">
      <h2 id="checklist-heading">Get started</h2>
      <div className="progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label="Progress">
        <span className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <p className="muted">{percent}% complete</p>
      <ol className="checklist">
        {steps.map((step) => (
          <li key={step.label} data-done={step.done || undefined}>
            {step.to && !step.done ? <Link to={step.to}>{step.label}</Link> : step.label}
          </li>
        ))}
      </ol>
    </section>
  );
}
