/*
 * Word lists the noun-subject agreement slips read (slips.ts). Each list was read
 * against the development learners' transcripts before it was taken (see slips.ts for the rules).
 */

/**
 * Nouns for a person: after "my", "the", "a" and the like at the start of a clause, a bare verb after
 * one is a slip ("my mother cook" -> "my mother cooks"). Nouns for things are left out: before a verb
 * they are as often the first half of a compound noun ("a phone call", "the bus stop").
 */
export const PERSON_NOUNS: ReadonlySet<string> = new Set([
  'mother', 'father', 'sister', 'brother', 'friend', 'husband', 'wife', 'son', 'daughter', 'boss', 'manager', 'teacher', 'man', 'woman',
  'boy', 'girl', 'waiter', 'waitress', 'grandmother', 'grandfather', 'grandma', 'grandpa', 'mom', 'mum', 'dad', 'uncle', 'aunt', 'cousin',
  'colleague', 'neighbor', 'neighbour', 'child', 'baby', 'kid', 'partner', 'boyfriend', 'girlfriend', 'student', 'doctor', 'nurse',
  'customer', 'client', 'clerk', 'guest', 'driver', 'owner', 'person', 'coworker', 'co-worker', 'classmate', 'roommate', 'chef', 'cook',
  'president', 'professor', 'lady', 'gentleman', 'policeman', 'officer', 'guy', 'supervisor', 'patient', 'employee', 'landlord',
]);

/**
 * Singular nouns a plural verb may follow in right English: groups ("my family are", "the couple were",
 * British English for a company or school) and words of quantity ("a lot have", "the rest are").
 */
export const GROUP_NOUNS: ReadonlySet<string> = new Set([
  'family', 'couple', 'team', 'staff', 'police', 'government', 'class', 'company', 'audience', 'crew', 'public', 'group', 'band', 'committee',
  'crowd', 'club', 'school', 'university', 'college', 'firm', 'department', 'management', 'orchestra', 'army', 'jury', 'pair', 'generation',
  'population', 'youth', 'community', 'council', 'board', 'union', 'faculty', 'cast', 'choir', 'household', 'squad', 'party', 'office', 'media',
  'lot', 'number', 'rest', 'half', 'majority', 'minority', 'kind', 'sort', 'type', 'bunch', 'variety', 'series', 'plenty', 'percent', 'total',
  // Organisations, which British English gives a plural verb ("the ministry have"), and nouns whose plural is the same ("the sheep were").
  'organisation', 'organization', 'charity', 'airline', 'ministry', 'agency', 'press', 'leadership', 'opposition', 'handful',
  'sheep', 'fish', 'aircraft', 'species', 'headquarters', 'means', 'deer', 'offspring', 'personnel', 'crossroads',
]);
