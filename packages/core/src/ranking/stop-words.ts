/** English function words: never indexed, never searched (after the Snowball and Lucene lists). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again against all am an and any are aren as at be because been before being below between ' +
    'both but by can cannot cant could couldn did didn do does doesn doing don dont down during each few for from ' +
    'further had hadn has hasn have haven having he her here hers herself him himself his how i if in into is isn it ' +
    'its itself just me more most mustn my myself no nor not now of off on once only or other ought our ours ' +
    'ourselves out over own same shall shan she should shouldn so some such than that the their theirs them ' +
    'themselves then there these they this those through to too under until up very was wasn we were weren what ' +
    'when where which while who whom why will with won wont would wouldn you your yours yourself yourselves ' +
    'also e.g eg etc ie i.e via whether within without upon yet'
  ).split(' '),
);

/**
 * Words that frame a request rather than name its subject ("please make it red", "can you help me find …"):
 * searched with a small weight, so they rank ties but never make an action relevant on their own.
 */
export const LIGHT_WORDS: ReadonlySet<string> = new Set(
  (
    'please kindly want wants wanted need needs needed like let lets help make makes making made give show tell ' +
    'know see try use using used thing things something anything stuff way ok okay hey hi thanks thank certain ' +
    'specific particular given provided new current currently would could might maybe actually really much many'
  ).split(' '),
);
