// The operator's setup checklist on a new event's card (issue 26 item 6): each step ticks itself off from what
// the box knows, never from what one browser remembers.

export const SETUP_STEPS = ['albums', 'couple_link', 'wifi', 'print', 'test_upload', 'wall'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

/** What the box knows of one event's setup. */
export interface SetupFacts {
  /** albums of the event, the one every event starts with included */
  albumCount: number;
  /** when the couple's page was first opened with their link */
  coupleOpenedAt: string | null;
  /** the venue Wi-Fi for the cards is set (a box setting) */
  wifiSet: boolean;
  /** when the print view was first opened for the event */
  printOpenedAt: string | null;
  uploadCount: number;
  /** when the live wall was first opened */
  wallOpenedAt: string | null;
}

/** Which steps are done. Albums: more than the one every event starts with. */
export function setupSteps(f: SetupFacts): Record<SetupStep, boolean> {
  return {
    albums: f.albumCount > 1,
    couple_link: f.coupleOpenedAt !== null,
    wifi: f.wifiSet,
    print: f.printOpenedAt !== null,
    test_upload: f.uploadCount > 0,
    wall: f.wallOpenedAt !== null,
  };
}
