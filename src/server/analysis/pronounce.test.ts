import { describe, expect, it } from 'vitest';
import { cmuOfIpa, dictionaryEntries, guessPronunciations, syllablesBySpelling, wordSyllables } from './pronounce.js';

describe('syllables from pronunciations', () => {
  it('counts the vowels of the dictionary\'s pronunciation', () => {
    expect(dictionaryEntries()?.get('amiable')?.[0]).toEqual(['EY', 'M', 'IY', 'AH', 'B', 'AH', 'L']);
    expect(['amiable', 'respectable', 'prudently', 'clubs', 'seven'].map((word) => wordSyllables(word))).toEqual([4, 4, 3, 1, 2]);
  });

  it('maps espeak-ng\'s IPA to the dictionary\'s phones for names it lacks', () => {
    expect(dictionaryEntries()?.has('jaipur')).toBe(false);
    expect(cmuOfIpa('dʒ_ˈaɪ_p_ʊɹ')).toEqual(['JH', 'AY', 'P', 'UH', 'R']);
    const guessed = guessPronunciations(['priya', 'jaipur', 'bengaluru']);
    expect(['priya', 'jaipur', 'bengaluru'].map((word) => wordSyllables(word, guessed))).toEqual([2, 2, 4]);
  });

  it('falls back to the spelling when nothing can say the word', () => {
    expect(['table', 'make', 'garden', 'rhythm', 'a'].map(syllablesBySpelling)).toEqual([2, 1, 2, 1, 1]);
  });
});
