import { newCommentId, type Examples } from "../../../test/fuzz/fixtures";

/** The fixture member's newest change: a comment of theirs, just written. */
async function freshChange(c: Parameters<typeof newCommentId>[0]) {
  await newCommentId(c);
  const [entry] = await c.t.caller(c.f.member.user).activity.list({ mine: true, limit: 1 });
  if (!entry) throw new Error("no activity entry");
  return entry.id;
}

export const examples: Examples = {
  procedures: {
    "activity.list": { access: "member", input: () => ({ limit: 20 }) },
    "activity.undo": { access: "author", input: async (c) => ({ id: await freshChange(c) }) },
  },
};
