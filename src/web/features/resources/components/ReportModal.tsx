import { useState } from 'react';

import { REPORT_BUTTON_TEXT, REPORT_REASONS, ENGAGEMENT_LIMITS } from '@domain/engagement/rules.js';
import { reportSchema } from '@domain/engagement/schemas.js';
import { ModalForm } from '@/components/ui/ModalForm.js';
import { showToast } from '@/components/ui/toasts.js';
import { FormField, type FieldMessage } from '@/components/ui/FormField.js';
import { ApiError } from '@/lib/api-client.js';
import { useSubmission } from '@/lib/use-submission.js';
import { useSession } from '@/lib/session.js';
import { reportPost } from '../api.js';

type ReportField = 'name' | 'email' | 'reason' | 'message';

const reportFailure = (failure: unknown) =>
  failure instanceof ApiError ? failure.message : 'The report could not be sent. Please try again.';
/** The button's words apart from while sending: Submitted once sent, Error after a failure. */
const REPORT_LABEL_OF = {
  idle: REPORT_BUTTON_TEXT.idle,
  pending: REPORT_BUTTON_TEXT.idle,
  done: REPORT_BUTTON_TEXT.sent,
  failed: REPORT_BUTTON_TEXT.failed,
} as const;

/** The report form (spec 2.11 and 4, Report button): Submit, Sending…, then Submitted (closes) or Error. */
export function ReportModal({ resourceId, open, onClose }: { resourceId: string; open: boolean; onClose: () => void }) {
  const { user } = useSession();
  const [name, setName] = useState(user?.info.displayName ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [reason, setReason] = useState('');
  const [message, setMessage] = useState('');
  const [problems, setProblems] = useState<Partial<Record<ReportField, string>>>({});
  const submission = useSubmission(reportFailure);

  function messageFor(field: ReportField): FieldMessage | null {
    const problem = problems[field];
    return problem === undefined ? null : { tone: 'error', content: problem };
  }

  async function submit() {
    const parsed = reportSchema.safeParse({ resourceId, name, email, reason, message });
    if (!parsed.success) {
      setProblems(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setProblems({});
    const outcome = await submission.submit(() => reportPost(parsed.data));
    if (outcome?.ok) {
      // Submitted closes the form: the page unmounts it, so the next report starts empty.
      showToast('success', outcome.answer.message);
      onClose();
    }
  }

  return (
    <ModalForm
      open={open}
      title="Report this post"
      onClose={onClose}
      onSubmit={() => void submit()}
      submitLabel={REPORT_LABEL_OF[submission.status]}
      submitTone="danger"
      pending={submission.pending}
      error={submission.error}
    >
      <p>Tell our moderators what is wrong with this post. Your report stays private.</p>
      <FormField
        label="Your name"
        value={name}
        onValueChange={setName}
        maxLength={ENGAGEMENT_LIMITS.reportNameMax}
        autoComplete="name"
        message={messageFor('name')}
      />
      <FormField
        label="Your email"
        type="email"
        value={email}
        onValueChange={setEmail}
        autoComplete="email"
        message={messageFor('email')}
      />
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
      <FormField
        label="What is wrong?"
        multiline
        value={message}
        onValueChange={setMessage}
        maxLength={ENGAGEMENT_LIMITS.reportMessageMax}
        showCounter
        message={messageFor('message')}
      />
    </ModalForm>
  );
}
