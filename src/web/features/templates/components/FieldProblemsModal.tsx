import { TEMPLATE_MESSAGES } from '@domain/templates/rules.js';
import { Modal } from '@/components/ui/Modal.js';
import { fieldLabel, type FieldProblem } from '../template-form.js';

/** 'The following fields are missing or invalid', with each field and what is wrong with it. */
export function FieldProblemsModal({ problems, onClose }: { problems: readonly FieldProblem[]; onClose: () => void }) {
  return (
    <Modal open={problems.length > 0} title={TEMPLATE_MESSAGES.fieldsInvalid} tone="danger" onClose={onClose}>
      <ul className="field-problems">
        {problems.map((problem) => (
          <li key={`${problem.field}-${problem.message}`}>
            <strong>{fieldLabel(problem.field)}</strong>: {problem.message}
          </li>
        ))}
      </ul>
    </Modal>
  );
}
