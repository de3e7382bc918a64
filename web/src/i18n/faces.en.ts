import type { FacesDict } from './faces.de';

// The face search section's texts in English (keys: faces.de.ts).
export const facesEn: FacesDict = {
  faceConsentTitle: 'Find photos of you',
  faceConsentWhat: 'You take a selfie. It is compared with the photos of this event, and you get the photos you are in.',
  faceConsentWhere:
    'The comparison runs only here on this box. Nothing is shared or sent to the internet, and nobody else sees your selfie or your search.',
  faceConsentKept:
    'Your selfie is not kept unless you choose to be remembered. Then only a description of your face stays, not the picture. You can delete it any time.',
  faceRemember: 'Remember me (for later searches)',
  faceTakeSelfie: 'Take a selfie',
  faceSearchRemembered: 'Search with my remembered selfie',
  faceSearchAgain: 'Search again',
  faceComparing: 'Comparing your selfie with the photos …',
  faceResults: (n: number) => (n === 1 ? '1 photo of you' : `${n} photos of you`),
  faceNoResults: 'You were not found in the photos you can see.',
  faceNotMe: 'This is not me',
  faceRemoveMe: 'Remove me from the face search',
  faceRemoveMeText: 'Take a selfie: afterwards nobody in this event finds you through the face search any more.',
  faceRemoved: 'You were removed from the face search of this event.',
  faceDeleteData: 'Delete my data',
  faceDataDeleted: 'Everything kept about you is deleted.',
  faceFailed: 'That did not work. Please try again.',
};
