// Photo challenges ('Foto-Aufgaben', issue 28). A challenge is an album with `challenge` set whose name is the
// prompt, so counts, covers, paging and ZIP folders are the album's; what is here is how a guest's progress is
// counted and which prompts go on which table card. The ready prompts are challenge-prompts.ts (the couple's
// page's, kept out of the guest page's first load).

/** A guest's progress ('3 von 8 Aufgaben'): the challenges with at least one upload of theirs, and how many there are. */
export function challengeProgress(albums: readonly { challenge: boolean; own_count: number }[]): { done: number; total: number } {
  const challenges = albums.filter((a) => a.challenge);
  return { done: challenges.filter((a) => a.own_count > 0).length, total: challenges.length };
}

/** Prompts on one printed table card at most: a few, large enough to read across a table. */
export const PROMPTS_PER_CARD = 3;

/**
 * The prompts of each of `cards` table cards: the list in turn, a few per card, so every prompt is on some
 * table and neighbouring tables get different ones (with fewer prompts than fit, every card has them all).
 */
export function promptsForCards(prompts: readonly string[], cards: number): string[][] {
  const perCard = Math.min(PROMPTS_PER_CARD, prompts.length);
  return Array.from({ length: cards }, (_, card) =>
    Array.from({ length: perCard }, (_, j) => prompts[(card * perCard + j) % prompts.length]!),
  );
}
