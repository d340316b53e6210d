import { CUE_CARDS, NAME_QUESTION, PART1_QUESTIONS, PART3_QUESTIONS, type CueCard } from './questions.js';

/*
 * Words an answer to each question of the bank tends to use besides the question's own words
 * (the speaking test's counterpart of the interview's CATEGORY_TOPIC_WORDS): synonyms, the usual
 * examples, and the words of the obvious reasons. The off-topic check (non-answers.ts) compares an
 * answer's Porter stems with the question's content stems plus these, so a short Part 1 question
 * ("Are you good at cooking?") that has one or two content words of its own still recognises
 * "I make rice and curry for my family" as an answer to it.
 *
 * A question that is not in the bank (a changed bank, an old attempt) is judged by its own words
 * only, and only when it has enough of them (OFF_TOPIC_MIN_REFERENCE_TERMS).
 */

const TRAVEL = ['travel', 'trip', 'holiday', 'vacation', 'tour', 'tourist', 'visit', 'abroad', 'country', 'place', 'city', 'journey', 'flight', 'train', 'bus', 'beach', 'mountain', 'culture', 'explore', 'see', 'new'];
const LEARNING = ['learn', 'study', 'student', 'school', 'college', 'university', 'class', 'course', 'teacher', 'lesson', 'practise', 'practice', 'skill', 'knowledge', 'exam', 'subject', 'education', 'online', 'book'];
const WORK = ['job', 'work', 'career', 'company', 'firm', 'office', 'employer', 'employee', 'salary', 'colleague', 'boss', 'business', 'professional', 'position', 'accountant', 'engineer', 'nurse', 'doctor', 'manager', 'clerk', 'shop', 'bank', 'factory', 'hospital', 'client', 'customer', 'shift', 'intern', 'internship'];
const CULTURE = ['tradition', 'traditional', 'culture', 'festival', 'celebrate', 'celebration', 'custom', 'heritage', 'history', 'religion', 'religious', 'family', 'community', 'generation', 'music', 'dance', 'food', 'people'];

export const QUESTION_TOPIC_WORDS: Readonly<Record<string, readonly string[]>> = {
  [NAME_QUESTION]: ['name', 'call', 'called', 'surname', 'nickname'],
  'Do you work, or are you a student?': [...WORK, 'study', 'college', 'university', 'school', 'degree', 'course', 'year', 'engineering', 'commerce', 'science', 'arts', 'graduate'],
  'What do you enjoy most about your studies or your work?': [...WORK, ...LEARNING, 'like', 'love', 'favourite', 'interesting', 'fun', 'team', 'project', 'friend', 'challenge'],
  'Tell me about the town or city where you grew up.': ['home', 'hometown', 'live', 'lived', 'born', 'childhood', 'child', 'place', 'village', 'street', 'neighbourhood', 'area', 'district', 'people', 'quiet', 'busy', 'crowded', 'population', 'famous', 'river', 'market', 'park', 'temple', 'beach', 'coast', 'sea', 'small', 'big'],
  'How do you usually get around your town?': ['bus', 'train', 'metro', 'car', 'bike', 'bicycle', 'cycle', 'scooter', 'motorbike', 'walk', 'taxi', 'auto', 'rickshaw', 'drive', 'ride', 'travel', 'transport', 'traffic', 'road', 'commute', 'station', 'city'],
  'Do you enjoy travelling? Why, or why not?': [...TRAVEL, 'enjoy', 'love', 'fun', 'relax', 'expensive', 'tired'],
  'Where did you go on your last holiday?': [...TRAVEL, 'went', 'stay', 'stayed', 'hotel', 'family', 'friend', 'week', 'last', 'summer', 'winter', 'relative'],
  'Is there a country you would love to visit one day?': [...TRAVEL, 'dream', 'wish', 'hope', 'japan', 'france', 'italy', 'america', 'england', 'australia', 'canada', 'europe', 'food', 'language', 'famous'],
  'What was your favourite subject at school?': [...LEARNING, 'maths', 'math', 'mathematics', 'science', 'physics', 'chemistry', 'biology', 'history', 'geography', 'english', 'art', 'music', 'sport', 'computer', 'language', 'literature', 'enjoy', 'interesting'],
  'Did you enjoy going to school when you were a child?': [...LEARNING, 'child', 'childhood', 'young', 'friend', 'play', 'playground', 'classmate', 'homework', 'enjoy', 'fun', 'boring', 'strict', 'remember'],
  'Is there a new skill you would like to learn?': [...LEARNING, 'cook', 'cooking', 'drive', 'driving', 'swim', 'swimming', 'guitar', 'piano', 'instrument', 'paint', 'painting', 'draw', 'code', 'coding', 'programming', 'language', 'dance', 'photography', 'want', 'wish', 'hope'],
  'Are you good at cooking?': ['cook', 'food', 'kitchen', 'meal', 'dish', 'recipe', 'rice', 'curry', 'bread', 'egg', 'vegetable', 'chicken', 'soup', 'tea', 'breakfast', 'lunch', 'dinner', 'bake', 'fry', 'boil', 'mother', 'family', 'taste', 'delicious', 'eat', 'restaurant'],
  'Do you prefer to learn new things on your own or with other people?': [...LEARNING, 'alone', 'myself', 'group', 'friend', 'team', 'together', 'partner', 'classmate', 'discuss', 'discussion', 'focus', 'concentrate', 'independent', 'help', 'share', 'quiet', 'prefer'],
  'What is the most important festival in your country?': [...CULTURE, 'diwali', 'holi', 'eid', 'christmas', 'pongal', 'onam', 'new', 'year', 'lights', 'lamp', 'sweets', 'gift', 'prayer', 'god', 'decorate', 'holiday'],
  'How often do you listen to traditional music from your country?': [...CULTURE, 'listen', 'song', 'sing', 'singer', 'folk', 'classical', 'instrument', 'radio', 'concert', 'often', 'sometimes', 'rarely', 'never', 'daily', 'week', 'grandparent', 'parent', 'modern', 'pop'],

  'Why do you think so many people want to travel abroad these days?': [...TRAVEL, 'cheap', 'cheaper', 'money', 'afford', 'income', 'internet', 'social', 'media', 'experience', 'adventure', 'opportunity', 'study', 'work', 'escape', 'relax'],
  'How has tourism changed the places people visit in your country?': [...TRAVEL, 'tourism', 'hotel', 'money', 'economy', 'job', 'business', 'local', 'crowd', 'crowded', 'pollution', 'environment', 'damage', 'price', 'expensive', 'build', 'develop', 'road'],
  'Do you think people will travel more or less in the future?': [...TRAVEL, 'future', 'increase', 'decrease', 'cheap', 'expensive', 'technology', 'virtual', 'online', 'climate', 'environment', 'pollution', 'fuel', 'money', 'income'],
  'Some people say travelling alone teaches you more than travelling in a group. What is your view?': [...TRAVEL, 'alone', 'solo', 'group', 'friend', 'together', 'independent', 'confident', 'confidence', 'safe', 'safety', 'decision', 'learn', 'experience', 'agree', 'disagree', 'opinion', 'lonely'],
  'Which skills do young people most need for the jobs of today?': [...WORK, ...LEARNING, 'young', 'youth', 'communication', 'communicate', 'computer', 'technology', 'digital', 'english', 'language', 'team', 'problem', 'creative', 'creativity', 'leadership', 'employers', 'graduate', 'modern', 'nowadays'],
  'Is a practical skill better learned at school or in the workplace?': [...WORK, ...LEARNING, 'practical', 'workplace', 'experience', 'hands', 'training', 'apprentice', 'internship', 'theory', 'real', 'job'],
  'Why do some adults find it difficult to learn new skills?': [...LEARNING, 'adult', 'older', 'old', 'age', 'busy', 'time', 'family', 'job', 'work', 'memory', 'afraid', 'fear', 'confidence', 'habit', 'motivation', 'tired', 'difficult', 'hard', 'change', 'young'],
  'How has technology changed the way people learn new skills?': [...LEARNING, 'technology', 'internet', 'online', 'computer', 'phone', 'mobile', 'app', 'video', 'youtube', 'website', 'digital', 'information', 'anywhere', 'easy', 'easier', 'free', 'change'],
  'What, in your opinion, makes a good teacher?': [...LEARNING, 'teach', 'taught', 'patient', 'patience', 'kind', 'friendly', 'knowledge', 'explain', 'clear', 'care', 'listen', 'motivate', 'inspire', 'encourage', 'strict', 'respect', 'passion', 'good'],
  'Should university education be free for everyone?': [...LEARNING, 'free', 'fee', 'cost', 'pay', 'money', 'expensive', 'afford', 'poor', 'rich', 'government', 'tax', 'loan', 'scholarship', 'equal', 'opportunity', 'degree', 'everyone'],
  'How is education in your country different from your parents’ generation?': [...LEARNING, 'parent', 'father', 'mother', 'generation', 'past', 'today', 'nowadays', 'modern', 'technology', 'computer', 'internet', 'change', 'different', 'strict', 'exam', 'memorise', 'pressure', 'girl', 'women'],
  'Will online learning ever replace learning in a classroom?': [...LEARNING, 'online', 'classroom', 'internet', 'computer', 'video', 'zoom', 'home', 'pandemic', 'covid', 'replace', 'face', 'interaction', 'teacher', 'discipline', 'motivated', 'convenient', 'future'],
  'Why is it important for a country to keep its traditions alive?': [...CULTURE, 'identity', 'root', 'past', 'ancestor', 'young', 'future', 'proud', 'pride', 'unique', 'lose', 'lost', 'preserve', 'keep', 'important'],
  'In what ways do festivals bring people together?': [...CULTURE, 'together', 'meet', 'visit', 'share', 'celebrate', 'neighbour', 'relative', 'friend', 'unity', 'happy', 'gather', 'eat', 'sweet', 'gift', 'differences', 'background'],
  'Is globalisation making cultures around the world more alike?': [...CULTURE, 'globalisation', 'globalization', 'global', 'world', 'country', 'western', 'american', 'alike', 'similar', 'same', 'different', 'internet', 'media', 'film', 'brand', 'fast', 'english', 'influence', 'lose', 'local'],
};

/** Topic words of each cue card (keyed by its topic), beyond the card's topic and bullets. */
export const CUE_CARD_TOPIC_WORDS: Readonly<Record<string, readonly string[]>> = {
  'Describe a journey you remember well.': [...TRAVEL, 'travelled', 'drive', 'car', 'road', 'ship', 'boat', 'plane', 'arrive', 'arrived', 'station', 'airport', 'ferry', 'sail', 'sea', 'island', 'ticket', 'delay', 'family', 'friend', 'remember', 'memorable', 'view', 'hours'],
  'Describe a place in your country that you would recommend to visitors.': [...TRAVEL, 'recommend', 'visitor', 'tourist', 'temple', 'fort', 'palace', 'museum', 'lake', 'river', 'hill', 'park', 'market', 'famous', 'beautiful', 'food', 'history', 'view', 'hotel'],
  'Describe a skill that took you a long time to learn.': [...LEARNING, 'learnt', 'learned', 'long', 'year', 'month', 'difficult', 'hard', 'slow', 'patience', 'mistake', 'fail', 'improve', 'progress', 'cook', 'drive', 'swim', 'guitar', 'piano', 'instrument', 'code', 'language', 'dance', 'paint'],
  'Describe a teacher who has influenced you.': [...LEARNING, 'teach', 'taught', 'sir', 'madam', 'miss', 'mrs', 'mr', 'professor', 'tutor', 'mentor', 'coach', 'influence', 'inspire', 'inspired', 'encourage', 'encouraged', 'motivate', 'patient', 'kind', 'strict', 'explain', 'maths', 'science', 'english', 'history', 'advice', 'special', 'believe'],
  'Describe a traditional celebration in your country.': [...CULTURE, 'diwali', 'holi', 'eid', 'christmas', 'pongal', 'onam', 'wedding', 'new', 'year', 'lights', 'lamp', 'sweets', 'gift', 'prayer', 'god', 'decorate', 'month', 'season', 'clothes', 'relative', 'visit'],
  'Describe something useful you learned outside school or university.': [...LEARNING, 'learnt', 'learned', 'useful', 'life', 'home', 'parent', 'father', 'mother', 'grandmother', 'friend', 'cook', 'drive', 'swim', 'money', 'budget', 'repair', 'fix', 'first', 'aid', 'computer', 'help', 'daily'],
};

/** The bank's cue card with this topic, if the answer's question is one. */
export function cueCardFor(question: string): CueCard | undefined {
  const topic = question.trim();
  return CUE_CARDS.find((card) => card.topic === topic);
}

/** True when the question is one of the bank's (its topic words are known). */
export function isBankQuestion(question: string): boolean {
  const text = question.trim();
  return PART1_QUESTIONS.includes(text) || PART3_QUESTIONS.includes(text) || cueCardFor(text) !== undefined;
}
