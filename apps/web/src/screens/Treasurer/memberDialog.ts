/** What the treasurer's dialogs about one member (payment, waiver, opening) are given. */
export interface MemberDialogProps {
  /** The member, and the name the dialog calls them by. */
  member: { id: number; name: string };
  onClose: () => void;
}
