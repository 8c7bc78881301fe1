import {
  SCORE_PART_MAX,
  SCORE_PARTS,
  type FlavourTag,
  type MyScore,
  type ScoreInput,
  type ScorePart,
} from "@club/shared";
import { createAutosave, type Autosave, type SaveState } from "./autosave";

export interface Guess {
  abv: number | null;
  drinkTypeId: number | null;
  stateId: number | null;
}

/** What the scoring screen edits for one pour. */
export interface ScoreDraft {
  nose: number;
  palate: number;
  finish: number;
  balance: number;
  note: string;
  tags: FlavourTag[];
  guess: Guess;
}

export const EMPTY_GUESS: Guess = { abv: null, drinkTypeId: null, stateId: null };

/** A part's value kept inside 0-25, in whole points. */
export const clampPart = (value: number) =>
  Math.min(SCORE_PART_MAX, Math.max(0, Math.round(Number.isFinite(value) ? value : 0)));

/** The total out of 100. */
export const scoreTotal = (draft: Pick<ScoreDraft, ScorePart>) =>
  SCORE_PARTS.reduce((sum, part) => sum + clampPart(draft[part]), 0);

/** The draft of a pour: the saved score, or a fresh sheet (every part at 0). */
export function draftFrom(saved: MyScore | undefined): ScoreDraft {
  if (!saved) return { nose: 0, palate: 0, finish: 0, balance: 0, note: "", tags: [], guess: EMPTY_GUESS };
  return {
    nose: saved.nose,
    palate: saved.palate,
    finish: saved.finish,
    balance: saved.balance,
    note: saved.note,
    tags: saved.tags as FlavourTag[],
    guess: saved.guess ?? EMPTY_GUESS,
  };
}

/** The PUT body; a guess with nothing in it is left out. */
export function toScoreInput(id: number, pour: number, draft: ScoreDraft): ScoreInput {
  const guessed = Object.values(draft.guess).some((value) => value !== null);
  return {
    id,
    pour,
    nose: clampPart(draft.nose),
    palate: clampPart(draft.palate),
    finish: clampPart(draft.finish),
    balance: clampPart(draft.balance),
    note: draft.note.trim(),
    tags: draft.tags,
    ...(guessed ? { guess: draft.guess } : {}),
  };
}

/** Adds or removes a tag, keeping the wheel's order. */
export function toggleTag(tags: readonly FlavourTag[], tag: FlavourTag, order: readonly FlavourTag[]) {
  const next = new Set(tags);
  if (next.has(tag)) next.delete(tag);
  else next.add(tag);
  return order.filter((t) => next.has(t));
}

/**
 * One autosave per meeting and pour for the page's lifetime: leaving a pour with a save still
 * retrying keeps it going, and coming back shows the value not yet saved rather than the server's.
 */
const drafts = new Map<string, Autosave<ScoreDraft>>();

export function draftSaver(
  key: string,
  save: (draft: ScoreDraft) => Promise<unknown>,
  onState: (state: SaveState, error?: unknown) => void,
): Autosave<ScoreDraft> {
  let saver = drafts.get(key);
  if (!saver) {
    saver = createAutosave({ save, onState });
    drafts.set(key, saver);
  } else saver.setOnState(onState);
  return saver;
}

// Back online: every waiting save goes at once instead of at its next retry.
if (typeof window !== "undefined")
  window.addEventListener("online", () => {
    for (const saver of drafts.values()) saver.flush();
  });
