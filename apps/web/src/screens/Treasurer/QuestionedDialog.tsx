import type { FormEvent, ReactNode } from "react";
import { Modal } from "@mantine/core";
import "../../styles/modal";
import { SubmitForm } from "../../components/SubmitForm";
import { ConfirmStep } from "./ConfirmStep";
import type { useQuestionedWrite } from "./confirmQuestion";

/**
 * The dialog of a ledger write the server may question first (the payment, the waiver): its form,
 * and once the server asks, its question instead (ConfirmStep: go back, or `confirmLabel`).
 */
export function QuestionedDialog({
  title,
  write,
  submitLabel,
  confirmLabel,
  onSubmit,
  canSubmit,
  onClose,
  children,
}: {
  title: string;
  write: Pick<ReturnType<typeof useQuestionedWrite>, "question" | "failed" | "pending">;
  submitLabel: string;
  confirmLabel: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  canSubmit: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened onClose={onClose} title={title}>
      {write.question ? (
        <ConfirmStep
          question={write.question}
          confirmLabel={confirmLabel}
          pending={write.pending}
          error={write.failed}
        />
      ) : (
        <SubmitForm
          submitLabel={submitLabel}
          onCancel={onClose}
          onSubmit={onSubmit}
          errors={[write.failed]}
          canSubmit={canSubmit}
          submitting={write.pending}
        >
          {children}
        </SubmitForm>
      )}
    </Modal>
  );
}
