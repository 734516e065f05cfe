import { useEffect, useState } from 'react';
import { Link } from 'react-router';

import type { Progression } from '@domain/engagement/views.js';
import { apiRequest } from '@/lib/api-client.js';

export type { Progression };

/** GET /users/progression for the signed-in user; null while it loads or when it failed (the card then stays away). */
export function useProgression(userId: string | null): Progression | null {
  const [progression, setProgression] = useState<Progression | null>(null);
  useEffect(() => {
    if (userId === null) return;
    const controller = new AbortController();
    apiRequest<Progression>('/users/progression', { signal: controller.signal, authFailures: 'silent' })
      .then(setProgression)
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('Could not load the get-started checklist', error);
      });
    return () => controller.abort();
  }, [userId]);
  return userId === null ? null : progression;
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
