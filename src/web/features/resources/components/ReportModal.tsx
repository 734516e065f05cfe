import { useState, type FormEvent } from 'react';

import { REPORT_BUTTON_TEXT, REPORT_REASONS, ENGAGEMENT_LIMITS } from '@domain/engagement/rules.js';
import { reportSchema } from '@domain/engagement/schemas.js';
import { Modal } from '@/components/ui/Modal.js';
import { showToast } from '@/components/ui/toasts.js';
import { FormField, type FieldMessage } from '@/components/ui/FormField.js';
import { ApiError } from '@/lib/api-client.js';
import { useSession } from '@/lib/session.js';
import { reportPost } from '../api.js';

type ReportField = 'name' | 'email' | 'reason' | 'message';
type ButtonState = keyof typeof REPORT_BUTTON_TEXT;

/** The report form (spec 2.11 and 4, Report button): Submit, Sending..., then Submitted (closes) or Error. */
export function ReportModal({ resourceId, open, onClose }: { resourceId: string; open: boolean; onClose: () => void }) {
  const { user } = useSession();
  const [name, setName] = useState(user?.info.displayName ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [problems, setProblems] = useState<Partial<Record<ReportField, string>>>({});
  const [buttonState, setButtonState] = useState<ButtonState>('idle');
  const [serverProblem, setServerProblem] = useState<string | null>(null);

  function messageFor(field: ReportField): FieldMessage | null {
    const problem = problems[field];
    return problem === undefined ? null : { tone: 'error', content: problem };
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = reportSchema.safeParse({ resourceId, name, email, reason, message });
    if (!parsed.success) {
      setProblems(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setProblems({});
    setServerProblem(null);
    setButtonState('sending');
    try {
      const answer = await reportPost(parsed.data);
      // Submitted closes the form: the page unmounts it, so the next report starts empty.
      setButtonState('sent');
      showToast('success', answer.message);
      onClose();
    } catch (error) {
      setButtonState('failed');
      setServerProblem(error instanceof ApiError ? error.message : 'The report could not be sent. Please try again.');
    }
  }

  return (
    <Modal
      open={open}
      title="Report this post"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="report-form" className="button button--danger" disabled={buttonState === 'sending'}>
            {REPORT_BUTTON_TEXT[buttonState]}
          </button>
        </>
      }
    >
      <form id="report-form" className="detail-report" onSubmit={(event) => void submit(event)} noValidate>
        <p>Tell our moderators what is wrong with this post. Your report stays private.</p>
        <FormField label="Your name" value={name} onValueChange={setName} maxLength={ENGAGEMENT_LIMITS.reportNameMax} autoComplete="name" message={messageFor('name')} />
        <FormField label="Your email" type="email" value={email} onValueChange={setEmail} autoComplete="email" message={messageFor('email')} />
        <div className="form-field">
          <label className="form-field__label" htmlFor="report-reason">
            Reason
          </label>
          <select id="report-reason" className="form-field__input" value={reason} onChange={(event) => setReason(event.target.value)}>
            <option value="">Choose a reason</option>
            {Object.entries(REPORT_REASONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          {problems.reason !== undefined && <p className="form-field__message form-field__message--error">{problems.reason}</p>}
        </div>
        <FormField label="What is wrong?" multiline value={message} onValueChange={setMessage} maxLength={ENGAGEMENT_LIMITS.reportMessageMax} showCounter message={messageFor('message')} />
        {serverProblem !== null && (
          <p className="form-alert form-alert--danger" role="alert">
            {serverProblem}
          </p>
        )}
      </form>
    </Modal>
  );
}
