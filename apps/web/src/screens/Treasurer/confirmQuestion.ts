import { useState } from "react";

type QuestionReason = "CONFIRM_LARGE_PAYMENT" | "CONFIRM_EARLY_WAIVER";

/**
 * The server's question when a ledger write looks like a mistake (409 CONFIRM_LARGE_PAYMENT or
 * CONFIRM_EARLY_WAIVER): its message ("This pays through March 2030. Record it anyway?"), or
 * null for any other failure.
 */
export function confirmQuestion(error: unknown, reason: QuestionReason): string | null {
  const data = (error as { data?: { reason?: unknown } } | null)?.data;
  return data?.reason === reason && error instanceof Error ? error.message : null;
}

/** The server's question about a write (ConfirmStep shows it): go back, or send it again confirmed. */
export interface AskedWrite {
  text: string;
  back: () => void;
  confirm: () => void;
}

/**
 * A ledger write the server may question first (the payment, the waiver): `send` makes it; when
 * the server asks, `question` holds its words, and confirming sends the same input again with
 * `confirm: true`. `failed` is the message of any other failure.
 */
export function useQuestionedWrite<I extends { confirm?: boolean }>(
  mutation: {
    mutate: (input: I, options: { onError: (error: unknown) => void }) => void;
    isError: boolean;
    isPending: boolean;
    error: { message: string } | null;
  },
  reason: QuestionReason,
) {
  const [asked, setAsked] = useState<{ text: string; input: I } | null>(null);
  const send = (input: I) =>
    mutation.mutate(input, {
      onError: (error) => {
        const text = confirmQuestion(error, reason);
        if (text && !input.confirm) setAsked({ text, input });
      },
    });
  const question: AskedWrite | null = asked && {
    text: asked.text,
    back: () => setAsked(null),
    confirm: () => send({ ...asked.input, confirm: true }),
  };
  const failed = mutation.isError && !confirmQuestion(mutation.error, reason) && mutation.error?.message;
  return { send, question, failed, pending: mutation.isPending };
}
