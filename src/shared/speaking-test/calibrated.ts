import { FEATURE_WORDING, oneDecimal } from '../band-estimate/evidence.js';
import type { CriterionEstimate, LanguageEstimate } from '../band-estimate/estimate.js';
import { SAME_WORD_ONCE_IN_WORDS } from '../band-estimate/counting-note.js';
import type { LanguageFeatures } from '../band-estimate/features.js';
import { LINKING_OVERUSE_PER_100, overUse, WRITTEN_LINKING_MOST_PER_100, writtenOverUse, type SaidOften } from '../band-estimate/listed-uses.js';
import { criterionAdvice } from '../band-estimate/advice.js';
import { NOTHING_MORE_ADVICE } from '../band-estimate/nothing-more.js';
import { linkedLevel, type BandModel } from '../band-estimate/model.js';
import { bandOfLevel } from '../band-estimate/scale.js';
import { clampBand, type RuleHit } from './criterion.js';
import type { AudioFluency, FluencyFigures, FluencyScore } from './fluency.js';
import type { GrammarScore } from './grammar.js';
import type { SpeechMetrics } from './metrics.js';
import { roundToHalfBand } from './overall.js';
import { PRONUNCIATION_NOT_MEASURED_ADVICE } from './pronunciation-note.js';
import type { PronunciationScore } from './pronunciation.js';
import type { VocabularyScore } from './vocabulary.js';
import { isSmallerEffectsRule, smallerEffectsRule } from './smaller-effects.js';
import { listed } from '../text/listed.js';

/*
 * The four criteria from the calibrated estimate (decision 0030), in the shape the results show: a
 * base (the band of the development set's typical learner), one line per piece of evidence with
 * how far it moved the band, the band (nearest half), the spec's figures and one piece of advice.
 * The shown base and steps (tenths of a band) add up exactly to the unrounded band shown to one
 * decimal, which rounds to the band: see evidenceSteps.
 * Pronunciation needs the sounds: it is not estimated from a transcript. Its band is the mean of
 * the other three's unrounded bands to the nearest half band; its base is that mean to one decimal
 * and it has no evidence lines (the results say so in words).
 */

export interface CalibratedCriteria {
  fluency: FluencyScore;
  vocabulary: VocabularyScore;
  grammar: GrammarScore;
  pronunciation: PronunciationScore;
}

/** A filler the student said and how often (the spec's fillers, findFillers), most said first. */
export interface FillerSaid {
  filler: string;
  count: number;
}

/**
 * `fillers`: the fillers said in the answers that count, which the Fluency advice names when they
 * are many (their share is `metrics.fillerRatio`).
 */
export function calibratedCriteria(
  estimate: LanguageEstimate,
  model: BandModel,
  metrics: SpeechMetrics,
  audio: AudioFluency | null,
  fillers: readonly FillerSaid[],
): CalibratedCriteria {
  const fluency = criterionParts(estimate, estimate.criteria.fluency, model);
  const textFigures = { wordsPerMinute: metrics.wordsPerMinute, fillerRatio: metrics.fillerRatio, responseTimeMs: metrics.responseTimeMs };
  const fluencyFigures: FluencyFigures = audio
    ? { speechRateSps: audio.speechRateSps, meanLengthOfRunSyllables: audio.meanLengthOfRunSyllables, ...textFigures, transcriptTimingBand: fluency.band }
    : textFigures;
  const vocabulary = criterionParts(estimate, estimate.criteria.vocabulary, model);
  const grammar = criterionParts(estimate, estimate.criteria.grammar, model);
  const pronunciationBand = roundToHalfBand(clampBand(estimate.overall));
  // The mean the band rounds, to one decimal; a tenth never sits on a half band's edge (x.25, x.75).
  const pronunciationMean = Math.round(clampBand(estimate.overall) * 10) / 10;
  const often = estimate.features.saidOften;
  const fluencyAdvice = fillerAdvice(metrics.fillerRatio, fillers) + beyondRepeats(fluency.advice, often.fluency, 'linking words');
  return {
    fluency: { criterion: 'fluency', ...fluency, advice: fluencyAdvice, ...repeated(often.fluency, 'linking words', overUsedLinking(estimate.features)), figures: fluencyFigures, ...(audio ? { audio } : {}) },
    vocabulary: {
      criterion: 'vocabulary',
      ...vocabulary,
      advice: beyondRepeats(vocabulary.advice, often.vocabulary, 'words that say how sure or how much'),
      ...repeated(often.vocabulary, 'words that say how sure or how much'),
      figures: { uniqueWordRatio: metrics.uniqueWordRatio, wordCount: metrics.wordCount },
    },
    grammar: {
      criterion: 'grammar',
      ...grammar,
      advice: beyondRepeats(grammar.advice, often.grammar, 'clause linkers and modals'),
      ...repeated(often.grammar, 'clause linkers and modals'),
      figures: { grammarErrorRatio: metrics.grammarErrorRatio, avgWordsPerSentence: metrics.avgWordsPerSentence },
    },
    pronunciation: {
      criterion: 'pronunciation',
      base: pronunciationMean,
      rules: [],
      band: pronunciationBand,
      figures: { fillerRatio: metrics.fillerRatio },
      advice: PRONUNCIATION_NOT_MEASURED_ADVICE,
    },
  };
}

/**
 * The spec's lowest filler ratio that costs Fluency (section 9's FLUENCY_FILLER_RATIO_TIERS, whose
 * smallest threshold a test checks it is): past it an examiner hears the hesitation. Written out, not
 * read from the tiers, so that the tiers stay out of the test page's first download.
 */
export const MANY_FILLERS_ABOVE = 0.05;

/**
 * The estimate never weighs fillers (decision 0030: recognisers drop "um"; "like" and "you know"
 * count as words), so a student who fills every pause reads a Fluency band with nothing against
 * them: above the spec's filler threshold the advice says so first.
 */
function fillerAdvice(fillerRatio: number, fillers: readonly FillerSaid[]): string {
  if (!(fillerRatio > MANY_FILLERS_ABOVE) || fillers.length === 0) return '';
  // The student's own fillers, most said first: a student whose fillers were "so" at the head of every
  // sentence was told to stop saying "um, like or you know", which they had not said.
  const named = listed([...fillers].sort((a, b) => b.count - a.count).slice(0, 3).map((said) => `"${said.filler}" (${timesText(said.count)})`));
  return `Pause silently instead of saying ${named}: ${Math.round(fillerRatio * 100)}% of your words were fillers. This estimate does not lower your band for fillers, but an examiner hears them as hesitation. `;
}

const timesText = (count: number) => (count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`);

/** Words to vary with, by the kind of listed word said too often (the student's own repeats left out). */
const OTHERS_TO_SAY: Readonly<Record<string, readonly string[]>> = {
  'linking words': ['because', 'although', 'then', 'for example', 'however', 'instead'],
  'words that say how sure or how much': ['probably', 'quite', 'definitely', 'almost', 'certainly', 'fairly'],
  'clause linkers and modals': ['when', 'if', 'which', 'although', 'would', 'could', 'might'],
};

/**
 * The advice beside the listed words said too often (`repeated`). When nothing measured has room
 * left (NOTHING_MORE_ADVICE), the card named the repeats and, under them, "nothing more to work on":
 * 73 of the 716 development learners' Fluency cards read so. The repeats are then the advice.
 */
function beyondRepeats(advice: string, often: readonly SaidOften[], kind: string): string {
  if (advice !== NOTHING_MORE_ADVICE || often.length === 0) return advice;
  const said = new Set(often.map((word) => word.word));
  const others = (OTHERS_TO_SAY[kind] ?? []).filter((word) => !said.has(word)).slice(0, 4);
  const repeats = listed(often.map((word) => `"${word.word}" (${timesText(word.said)})`));
  return `Use other ${kind} instead of saying ${repeats} again${others.length > 0 ? `: ${others.join(', ')}` : ''}. Everything else measured here is as good as the strongest learners' or better.`;
}

/**
 * The listed words said more often than they count (features.ts, decision 0046), named under the
 * criterion's evidence, so that a student who said "actually" in every sentence learns why their
 * linking words read few. Linking words over-used (`overUsed`, decision 0051) are said alone: the
 * student is to say fewer, not to vary them.
 */
function repeated(often: readonly SaidOften[], kind: string, overUsed = ''): { repeated?: string } {
  if (overUsed !== '') return { repeated: overUsed };
  if (often.length === 0) return {};
  const named = often.map((listed) => `"${listed.word}" (${listed.said} times)`);
  return {
    repeated: `${listed(named)} ${named.length === 1 ? 'counts' : 'each count'} only once, plus once more every ${SAME_WORD_ONCE_IN_WORDS} words you say. Use different ${kind} instead of the same ones again.`,
  };
}

/**
 * Why the linking-word figure reads low when linking words were over-used (listed-uses.ts, decision
 * 0051), or the written register's ones (decision 0057), or '' when they were not: the student said many and reads few.
 */
export function overUsedLinking(features: Pick<LanguageFeatures, 'linkingWordsSaidPer100' | 'writtenLinkingSaidPer100'>): string {
  const said = features.linkingWordsSaidPer100;
  if (overUse(said) > 0) {
    return `You said ${oneDecimal(said)} linking words in every 100 words. No learner in our data said more than ${LINKING_OVERUSE_PER_100}: above that, only ${LINKING_OVERUSE_PER_100} count, and each extra one lowers this figure. Use a linking word only where it joins two ideas.`;
  }
  // The written register's linking words, over-used on their own (decision 0057).
  const written = features.writtenLinkingSaidPer100;
  if (writtenOverUse(written) === 0) return '';
  return `You said ${oneDecimal(written)} linking words of written English (moreover, furthermore, firstly, in addition…) in every 100 words. No learner in our data said more than ${WRITTEN_LINKING_MOST_PER_100}: above that, only ${WRITTEN_LINKING_MOST_PER_100} count, and each extra one lowers this figure.`;
}

interface CriterionParts {
  base: number;
  rules: RuleHit[];
  band: number;
  advice: string;
}


/** Base, evidence lines and advice of one estimated criterion. */
function criterionParts(estimate: LanguageEstimate, criterion: CriterionEstimate, model: BandModel): CriterionParts {
  const linear = model[criterion.criterion];
  const means = new Map(linear.terms.map((term) => [term.feature, term.mean]));
  const bandAt = (predicted: number) => bandOfLevel(linkedLevel(linear, predicted));
  // Each piece of evidence's step on the band scale, taken in the order of its effect in levels; the
  // way from predicted levels to bands is not a straight line (the link, then the scale), so the
  // steps are listed again by their size in bands below.
  const steps: RawStep[] = [];
  let predicted = linear.intercept;
  for (const contribution of criterion.contributions) {
    const delta = bandAt(predicted + contribution.levels) - bandAt(predicted);
    predicted += contribution.levels;
    const wording = FEATURE_WORDING[contribution.feature];
    steps.push({ rule: `${wording.label}: ${wording.shown(estimate.features)} (average learner ${wording.typical(means.get(contribution.feature) ?? 0)})`, delta });
  }
  const band = roundToHalfBand(criterion.band);
  const shown = evidenceSteps(bandAt(linear.intercept), steps, criterion.band);
  // Largest step as shown first (the reader reads the list as ranked), the smaller effects' line last.
  const rules = [...shown.rules].sort((a, b) => rank(b) - rank(a));
  const base = shown.base;
  const advice = criterionAdvice(estimate, criterion, model);
  return { base, rules, band, advice };
}

/** A line's place in the list: its shown size, the smaller effects' line below every other. */
function rank(rule: RuleHit): number {
  return isSmallerEffectsRule(rule.rule) ? -1 : Math.abs(rule.delta);
}

interface RawStep {
  rule: string;
  /** Unrounded, in bands. */
  delta: number;
}

/** Below this a step is no step at all (a feature exactly at the typical learner's value). */
const NO_STEP = 1e-9;

/**
 * The base and steps as shown, in tenths of a band, so that they add up exactly to the unrounded
 * band shown to one decimal: the base is rounded on its own and the steps share out the rest by
 * largest remainder (each is its own value rounded down or up). A step that would show 0.0 joins
 * one "smaller effects together" line, so nothing that moved the band is left out of the sum.
 * The shown total rounds to the band (roundToHalfBand): a tenth is never a tie at x.25 or x.75.
 */
export function evidenceSteps(baseBand: number, steps: readonly RawStep[], band: number): { base: number; total: number; rules: RuleHit[] } {
  const base = Math.round(baseBand * 10);
  let total = Math.round(band * 10);
  // Floating point at an edge: the shown total must round as the band does.
  if (roundToHalfBand(total / 10) > roundToHalfBand(band)) total -= 1;
  else if (roundToHalfBand(total / 10) < roundToHalfBand(band)) total += 1;
  let named = steps.filter((step) => Math.abs(step.delta) >= 0.05);
  let smaller = steps.filter((step) => Math.abs(step.delta) > NO_STEP && Math.abs(step.delta) < 0.05);
  for (;;) {
    const items = [...named.map((step) => step.delta), ...(smaller.length > 0 ? [smaller.reduce((sum, step) => sum + step.delta, 0)] : [])];
    const tenths = shareOut(items, total - base);
    const zero = named.filter((_, i) => tenths[i] === 0);
    if (zero.length > 0) {
      // Shown as 0.0 after the sharing: it joins the smaller effects, and the rest are shared again.
      smaller = [...smaller, ...zero];
      named = named.filter((step) => !zero.includes(step));
      continue;
    }
    const rules: RuleHit[] = named.map((step, i) => ({ rule: step.rule, delta: (tenths[i] ?? 0) / 10 }));
    if (smaller.length > 0) rules.push({ rule: smallerEffectsRule(smaller.length), delta: (tenths[named.length] ?? 0) / 10 });
    return { base: base / 10, total: total / 10, rules };
  }
}

/**
 * Whole tenths for `values` (in bands) that add up to `target` tenths: each value's tenths rounded
 * down, then the tenths left over go one each to the values with the largest remainders (or, when
 * the rounding overshot, are taken from the smallest). Empty when there is nothing to share.
 */
function shareOut(values: readonly number[], target: number): number[] {
  if (values.length === 0) return [];
  const scaled = values.map((value) => value * 10);
  const tenths = scaled.map((value) => Math.floor(value + NO_STEP));
  const byRemainder = scaled.map((value, i) => ({ i, remainder: value - (tenths[i] ?? 0) })).sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  let left = target - tenths.reduce((sum, value) => sum + value, 0);
  for (let k = 0; left !== 0; k++) {
    const pick = left > 0 ? byRemainder[k % byRemainder.length] : byRemainder[byRemainder.length - 1 - (k % byRemainder.length)];
    if (!pick) break;
    tenths[pick.i] = (tenths[pick.i] ?? 0) + Math.sign(left);
    left -= Math.sign(left);
  }
  return tenths;
}

