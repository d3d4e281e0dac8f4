import type { InstructionCheck } from '../types.ts';
import * as cases from './case.ts';
import * as combination from './combination.ts';
import * as content from './content.ts';
import * as format from './format.ts';
import * as keywords from './keywords.ts';
import * as length from './length.ts';
import * as startend from './startend.ts';

/** The 25 IFEval instruction types (google-research instruction_following_eval, instructions_registry.py). */
export const IFEVAL_CHECKS: Record<string, InstructionCheck> = {
  'keywords:existence': keywords.existence,
  'keywords:frequency': keywords.frequency,
  'keywords:forbidden_words': keywords.forbiddenWords,
  'keywords:letter_frequency': keywords.letterFrequency,
  'language:response_language': cases.responseLanguage,
  'length_constraints:number_sentences': length.numberSentences,
  'length_constraints:number_paragraphs': length.numberParagraphs,
  'length_constraints:number_words': length.numberWords,
  'length_constraints:nth_paragraph_first_word': length.nthParagraphFirstWord,
  'detectable_content:number_placeholders': content.numberPlaceholders,
  'detectable_content:postscript': content.postscript,
  'detectable_format:number_bullet_lists': format.numberBulletLists,
  'detectable_format:constrained_response': format.constrainedResponse,
  'detectable_format:number_highlighted_sections': format.numberHighlightedSections,
  'detectable_format:multiple_sections': format.multipleSections,
  'detectable_format:json_format': format.jsonFormat,
  'detectable_format:title': format.title,
  'combination:two_responses': combination.twoResponses,
  'combination:repeat_prompt': combination.repeatPrompt,
  'startend:end_checker': startend.endChecker,
  'change_case:capital_word_frequency': cases.capitalWordFrequency,
  'change_case:english_capital': cases.englishCapital,
  'change_case:english_lowercase': cases.englishLowercase,
  'punctuation:no_comma': cases.noComma,
  'startend:quotation': startend.quotation,
};
