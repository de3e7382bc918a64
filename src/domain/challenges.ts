// Photo challenges ('Foto-Aufgaben', issue 28): the ready prompts the couple picks from. A challenge is an
// album with `challenge` set whose name is the prompt, so counts, covers, paging and ZIP folders are the
// album's; what is here is only the list and how a guest's progress is counted.
import type { Language } from './languages.ts';

/** Each prompt in every language, same order (the couple's page offers them in the event's language). */
export const READY_CHALLENGES: Record<Language, readonly string[]> = {
  de: [
    'Das Brautpaar beim Tanzen',
    'Ein Selfie mit jemandem, den du heute kennengelernt hast',
    'Der erste Kuss als Ehepaar',
    'Die schönste Tischdekoration',
    'Ein Gruppenfoto mit deinem Tisch',
    'Die Ringe ganz nah',
    'Jemand, der vor Freude weint',
    'Die Hochzeitstorte vor dem Anschnitt',
    'Die ältesten Gäste des Abends',
    'Die jüngsten Gäste des Abends',
    'Das lustigste Gesicht auf der Tanzfläche',
    'Ein Toast auf das Brautpaar',
    'Die Schuhe der Braut',
    'Der Bräutigam, als er die Braut zum ersten Mal sieht',
    'Ein Foto mit den Eltern des Brautpaars',
    'Der beste Tanzschritt des Abends',
    'Ein Selfie mit dem Brautpaar',
    'Das Essen, bevor es gegessen wird',
    'Jemand, der gerade eine Rede hält',
    'Der Sonnenuntergang',
    'Ein Foto von oben',
    'Zwei Gäste in der gleichen Farbe',
    'Der Brautstrauß',
    'Die Hände des Brautpaars',
    'Ein Foto mit der Band oder dem DJ',
    'Das Brautpaar, wenn es sich unbeobachtet fühlt',
    'Die beste Frisur des Abends',
    'Ein Kind, das tanzt',
    'Ein Gast, der schläft',
    'Die Gästebuch-Ecke',
    'Dein Lieblingsmoment des Tages',
    'Ein Foto, das das Brautpaar zum Lachen bringt',
  ],
  en: [
    'The couple dancing',
    'A selfie with someone you met today',
    'The first kiss as a married couple',
    'The most beautiful table decoration',
    'A group photo of your table',
    'The rings up close',
    'Someone crying with joy',
    'The wedding cake before it is cut',
    'The oldest guests of the evening',
    'The youngest guests of the evening',
    'The funniest face on the dance floor',
    'A toast to the couple',
    "The bride's shoes",
    'The groom seeing the bride for the first time',
    "A photo with the couple's parents",
    'The best dance move of the night',
    'A selfie with the couple',
    'The food before it is eaten',
    'Someone giving a speech',
    'The sunset',
    'A photo from above',
    'Two guests wearing the same colour',
    'The bouquet',
    "The couple's hands",
    'A photo with the band or the DJ',
    "The couple when they think no one's looking",
    'The best hairdo of the night',
    'A child dancing',
    'A guest asleep',
    'The guestbook corner',
    'Your favourite moment of the day',
    'A photo that makes the couple laugh',
  ],
};

/** A guest's progress ('3 von 8 Aufgaben'): the challenges with at least one upload of theirs, and how many there are. */
export function challengeProgress(albums: readonly { challenge: boolean; own_count: number }[]): { done: number; total: number } {
  const challenges = albums.filter((a) => a.challenge);
  return { done: challenges.filter((a) => a.own_count > 0).length, total: challenges.length };
}
