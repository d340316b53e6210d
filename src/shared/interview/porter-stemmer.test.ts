import { describe, expect, it } from 'vitest';
import { measure, porterStem } from './porter-stemmer.js';

describe('measure', () => {
  it.each([
    ['tr', 0], ['ee', 0], ['tree', 0], ['y', 0], ['by', 0],
    ['trouble', 1], ['oats', 1], ['trees', 1], ['ivy', 1],
    ['troubles', 2], ['private', 2], ['oaten', 2], ['orrery', 2],
  ])('m(%s) = %i (the paper\'s examples)', (word, m) => {
    expect(measure(word)).toBe(m);
  });
});

describe('porterStem', () => {
  // Full stems of the paper's step examples, as Porter's reference implementation gives them.
  it.each([
    // step 1a
    ['caresses', 'caress'], ['ponies', 'poni'], ['ties', 'ti'], ['caress', 'caress'], ['cats', 'cat'],
    // step 1b
    ['feed', 'feed'], ['agreed', 'agre'], ['plastered', 'plaster'], ['bled', 'bled'], ['motoring', 'motor'], ['sing', 'sing'],
    ['conflated', 'conflat'], ['troubled', 'troubl'], ['sized', 'size'], ['hopping', 'hop'], ['tanned', 'tan'],
    ['falling', 'fall'], ['hissing', 'hiss'], ['fizzed', 'fizz'], ['failing', 'fail'], ['filing', 'file'],
    // step 1c
    ['happy', 'happi'], ['sky', 'sky'],
    // step 2
    ['relational', 'relat'], ['conditional', 'condit'], ['rational', 'ration'], ['valenci', 'valenc'], ['hesitanci', 'hesit'],
    ['digitizer', 'digit'], ['conformabli', 'conform'], ['radicalli', 'radic'], ['differentli', 'differ'], ['vileli', 'vile'],
    ['analogousli', 'analog'], ['vietnamization', 'vietnam'], ['predication', 'predic'], ['operator', 'oper'],
    ['feudalism', 'feudal'], ['decisiveness', 'decis'], ['hopefulness', 'hope'], ['callousness', 'callous'],
    ['formaliti', 'formal'], ['sensitiviti', 'sensit'], ['sensibiliti', 'sensibl'],
    // step 3
    ['triplicate', 'triplic'], ['formative', 'form'], ['formalize', 'formal'], ['electriciti', 'electr'],
    ['electrical', 'electr'], ['hopeful', 'hope'], ['goodness', 'good'],
    // step 4
    ['revival', 'reviv'], ['allowance', 'allow'], ['inference', 'infer'], ['airliner', 'airlin'], ['gyroscopic', 'gyroscop'],
    ['adjustable', 'adjust'], ['defensible', 'defens'], ['irritant', 'irrit'], ['replacement', 'replac'], ['adjustment', 'adjust'],
    ['dependent', 'depend'], ['adoption', 'adopt'], ['homologou', 'homolog'], ['communism', 'commun'], ['activate', 'activ'],
    ['angulariti', 'angular'], ['homologous', 'homolog'], ['effective', 'effect'], ['bowdlerize', 'bowdler'],
    // step 5
    ['probate', 'probat'], ['rate', 'rate'], ['cease', 'ceas'], ['controll', 'control'], ['roll', 'roll'],
  ])('%s -> %s', (word, stem) => {
    expect(porterStem(word)).toBe(stem);
  });

  it.each([
    [['manage', 'managed', 'manager', 'managing', 'management'], 'manag'],
    [['responsible', 'responsibility', 'responsibilities'], 'respons'],
    [['develop', 'developed', 'developer', 'developing', 'development'], 'develop'],
    [['communicate', 'communication', 'communicating'], 'commun'],
    [['lead', 'leading', 'leads'], 'lead'],
  ])('brings related interview words to one stem: %j', (forms, stem) => {
    for (const word of forms) expect(porterStem(word)).toBe(stem);
  });

  it.each([['is'], ['a'], ['café'], ['3.5'], ['2019'], ['c++']])('leaves %j unchanged (two letters or less, or not a-z)', (word) => {
    expect(porterStem(word)).toBe(word);
  });
});
