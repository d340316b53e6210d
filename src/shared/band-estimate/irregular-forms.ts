/*
 * Irregular past forms and participles, with the verb they are forms of: "grown" is "grow",
 * "chose" is "choose". The word list the ranks come from (SUBTLEX-US) ranks each form on its own,
 * so the past of an everyday verb can fall past the 2,000 most frequent words ("chose" 2,240,
 * "drank" 2,862, "driven" 3,300) and be marked on the student's answer as less common vocabulary.
 * Ranked as its verb, it reads as the everyday word it is (decision 0062).
 *
 * The pairs are Princeton WordNet 3.0's list of irregular verb forms (verb.exc, Debian
 * `wordnet-base`), only those that change a verdict: the verb is among the list's 2,000 most
 * frequent words and the form is not (features.test.ts checks it). Left out: forms that are also a
 * word of their own an examiner credits ("struck", as in "struck by"; "wound"; "bore"), literary
 * forms ("lain", "wrought", "clad", "blest", "shod"), and WordNet's regular forms with a doubled
 * consonant ("flatted", "gassed").
 */
export const VERB_OF_IRREGULAR_FORM: ReadonlyMap<string, string> = new Map([
  ['awoke', 'awake'], ['awoken', 'awake'], ['beaten', 'beat'], ['begun', 'begin'], ['bitten', 'bite'],
  ['bled', 'bleed'], ['blown', 'blow'], ['chose', 'choose'], ['chosen', 'choose'], ['dealt', 'deal'],
  ['drank', 'drink'], ['drawn', 'draw'], ['driven', 'drive'], ['dug', 'dig'], ['eaten', 'eat'], ['fallen', 'fall'],
  ['fed', 'feed'], ['flew', 'fly'], ['flown', 'fly'], ['forgave', 'forgive'], ['forgiven', 'forgive'],
  ['froze', 'freeze'], ['frozen', 'freeze'], ['hid', 'hide'], ['hidden', 'hide'], ['lit', 'light'],
  ['mistaken', 'mistake'], ['mistook', 'mistake'], ['proven', 'prove'], ['ridden', 'ride'], ['risen', 'rise'],
  ['rode', 'ride'], ['rung', 'ring'], ['sang', 'sing'], ['shaken', 'shake'], ['shook', 'shake'], ['shown', 'show'],
  ['smelt', 'smell'], ['sped', 'speed'], ['spoken', 'speak'], ['sprang', 'spring'], ['sprung', 'spring'],
  ['sung', 'sing'], ['swam', 'swim'], ['swore', 'swear'], ['sworn', 'swear'], ['swum', 'swim'], ['swung', 'swing'],
  ['thrown', 'throw'], ['tore', 'tear'], ['torn', 'tear'], ['woken', 'wake'], ['wore', 'wear'], ['worn', 'wear'],
]);
