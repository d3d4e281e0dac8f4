import type { Case } from './verifier-cases.ts';

const countries = [
  'Zimbabwe', 'Zambia', 'Uganda', 'Tunisia', 'Togo', 'Tanzania', 'Sudan', 'South Sudan', 'South Africa', 'Somalia',
  'Sierra Leone', 'Seychelles', 'Senegal', 'São Tomé and Príncipe', 'Rwanda', 'Nigeria', 'Niger', 'Namibia',
  'Mozambique', 'Morocco', 'Mauritius', 'Mauritania', 'Mali', 'Malawi', 'Madagascar', 'Libya', 'Liberia', 'Lesotho',
  'Kenya', 'Guinea-Bissau', 'Guinea', 'Ghana', 'Gambia', 'Gabon', 'Ethiopia', 'Eswatini', 'Eritrea', 'Equatorial Guinea', 'Egypt',
  'Djibouti', "Côte d'Ivoire", 'Congo', 'Comoros', 'Chad', 'Central African Republic', 'Cameroon', 'Cabo Verde',
  'Burundi', 'Burkina Faso', 'Botswana', 'Benin', 'Angola', 'Algeria',
];
const capitals = 'Reykjavík, Helsinki, Oslo, Tallinn, Stockholm, Riga, Moscow, Copenhagen, Vilnius, Minsk, Dublin, Berlin, Amsterdam, Warsaw, London, Brussels, Prague, Luxembourg, Paris, Vienna, Bratislava, Budapest, Vaduz, Chișinău, Bern, Ljubljana, Zagreb';
const mcq = (lens: string[], options = 5) =>
  lens.map((q, i) => `Question ${i + 1}: ${q}\n${['A', 'B', 'C', 'D', 'E'].slice(0, options).map((l) => `${l}) Option${l}`).join('\n')}`).join('\n\n');
const alphabetStory = 'abcdefghijklmnopqrstuvwxyz'.split('').map((c) => `${c.toUpperCase()}x went home.`).join(' ');
const productRows = (special: boolean) =>
  ['ProductID,Category,Brand,Price,Stock', ...Array.from({ length: 14 }, (_, i) => `${i + 1},Tools,${i === 3 ? (special ? '"Acme & Co"' : '"Acme Co"') : 'Acme'},9.99,${i}`)].join('\n');
const tsv = (quoted: boolean) =>
  ['"StudentID"\t"Subject"\t"Grade"\t"Semester"\t"Score"', ...Array.from({ length: 3 }, (_, i) => (quoted ? `"${i}"\t"Math"\t"A"\t"Fall"\t"90"` : `"${i}"\tMath\t"A"\t"Fall"\t"90"`))].join('\n');
export const PROMPT = 'Describe the moon in one short paragraph for children.';

/** A response that follows and one that does not, for each IFBench instruction type (written for the project). */
export const IFBENCH_CASES: Case[] = [
  { id: 'count:conjunctions', kwargs: { small_n: 3 }, pass: 'Cats and dogs, but not birds, or fish.', fail: 'Cats and dogs and birds.' },
  { id: 'count:keywords_multiple', kwargs: { keyword1: 'sun', keyword2: 'moon', keyword3: 'star', keyword4: 'sky', keyword5: 'sea' }, pass: `sun ${'moon '.repeat(2)}${'star '.repeat(3)}${'sky '.repeat(5)}${'sea '.repeat(7)}`, fail: `sun sun ${'moon '.repeat(2)}${'star '.repeat(3)}${'sky '.repeat(5)}${'sea '.repeat(7)}` },
  { id: 'count:numbers', kwargs: { N: 2 }, pass: 'I have 3 cats and 1,000 fish.', fail: 'I have 3 cats, 2 dogs and 1 fish.' },
  { id: 'count:person_names', kwargs: { N: 2 }, pass: 'Emma met Liam.', fail: 'Emma met emma and Liamson.' },
  { id: 'count:pronouns', kwargs: { N: 3 }, pass: 'She told him that they were late.', fail: 'The cat sat on the mat.' },
  { id: 'count:punctuation', pass: 'Really?! Why? Yes: it works; truly, it does. Wow!', fail: 'Really?! Yes, it works.' },
  { id: 'count:unique_word_count', kwargs: { N: 4 }, pass: 'One two three four.', fail: 'Go go go, go!' },
  { id: 'count:word_count_range', kwargs: { min_words: 3, max_words: 5 }, pass: 'Just four words here.', fail: 'Way too many words are in this sentence.' },
  { id: 'count:words_japanese', kwargs: { N: 2 }, pass: 'I 猫 like 犬 the 空', fail: 'I 猫 like dogs' },
  { id: 'custom:character_reverse', pass: '.setats detinU eht fo lobmys lanoitan eht si ELGAE DLAB ehT', fail: 'The bald eagle is the national symbol.' },
  { id: 'custom:csv_city', pass: ['ID,Country,City,Year,Count', ...Array.from({ length: 7 }, (_, i) => `${i},France,Paris,2020,${i}`)].join('\n'), fail: ['ID,Country,City,Year', ...Array.from({ length: 7 }, (_, i) => `${i},France,Paris,2020`)].join('\n') },
  { id: 'custom:csv_quotes', pass: tsv(true), fail: tsv(false) },
  { id: 'custom:csv_special_character', pass: productRows(true), fail: productRows(false) },
  { id: 'custom:date_format_list', pass: '1796-04-12, 1805-12-02', fail: '1796-04-12, 2 December 1805' },
  { id: 'custom:european_capitals_sort', pass: capitals, fail: capitals.replace('Oslo, Tallinn', 'Tallinn, Oslo') },
  { id: 'custom:mcq_count_length', pass: mcq(['Who?', 'Who painted it?', 'Who painted Guernica?', 'Who painted Guernica in 1937?']), fail: mcq(['Who painted Guernica in 1937?', 'Who?', 'Who painted it?', 'Who painted Guernica?']) },
  { id: 'custom:multiples', pass: 'Here: 14, 21, 28, 35, 42, 49', fail: '7, 14, 21, 28, 35, 42, 49' },
  { id: 'custom:reverse_newline', pass: `Here they are:\n${countries.join('\n')}`, fail: [...countries].reverse().join('\n') },
  { id: 'custom:sentence_alphabet', pass: alphabetStory, fail: alphabetStory.replace('Bx went', 'Cx went') },
  { id: 'custom:word_reverse', pass: 'eagle bald the is it', fail: 'It is the bald eagle.' },
  { id: 'format:emoji', pass: 'I love the sun 🌞. The sea is calm 🌊!', fail: 'I love the sun 🌞. The sea is calm.' },
  { id: 'format:line_indent', pass: 'one\n  two\n    three', fail: 'one\n  two\n  three' },
  { id: 'format:list', kwargs: { sep: 'SEPARATOR' }, pass: 'SEPARATOR apples\nSEPARATOR pears', fail: '- apples\n- pears' },
  { id: 'format:newline', pass: 'Each\nword\nalone.', fail: 'Each word\nalone.' },
  { id: 'format:no_bullets_bullets', pass: 'Here is context. And more context.\n* first\n* second', fail: 'Only one sentence.\n* first\n* second' },
  { id: 'format:no_whitespace', pass: 'no_whitespace_at_all', fail: 'has a space' },
  { id: 'format:options', kwargs: { options: 'yes/no/maybe' }, pass: 'Yes.', fail: 'Yes, because it is true.' },
  { id: 'format:options', kwargs: { options: 'a), b), c), d)' }, pass: 'b)', fail: 'b) because' },
  { id: 'format:output_template', pass: 'My Answer: yes My Conclusion: good Future Outlook: bright', fail: 'My Answer: yes\nConclusion: good' },
  { id: 'format:parentheses', pass: 'a (b [c {d (e [f] e) d} c] b) a', fail: 'a (b [c] b) a' },
  { id: 'format:quote_unquote', pass: '"To be or not to be" asks whether life is worth it.', fail: 'He said: "To be or not to be."' },
  { id: 'format:quotes', pass: `He said "she told me 'they shouted "run" loudly' today" then left.`, fail: `He said "she told me 'run' today" then left.` },
  { id: 'format:sub-bullets', pass: '* Fruit\n  - apple\n* Veg\n  - leek', fail: '* Fruit\n  - apple\n* Veg' },
  { id: 'format:thesis', pass: '<i>Cats are the best pets.</i>\nThey are clean and calm.', fail: '<i>Cats are the best pets.</i>' },
  { id: 'format:title_case', pass: 'The Cat Sat On The Mat', fail: 'The cat Sat On The Mat' },
  { id: 'ratio:overlap', kwargs: { reference_text: 'the quick brown fox', percentage: 100 }, pass: 'the quick brown fox', fail: 'a slow red hen' },
  { id: 'ratio:sentence_balance', pass: 'It rains. Does it? Yes!', fail: 'It rains. It pours. Does it?' },
  { id: 'ratio:sentence_type', pass: 'It rains. It pours. Does it?', fail: 'It rains. Does it?' },
  { id: 'ratio:sentence_words', pass: 'Cats nap. Dogs run. Owls fly.', fail: 'Cats nap. Dogs run fast. Owls fly.' },
  { id: 'ratio:stop_words', kwargs: { percentage: 30 }, pass: 'Quick brown foxes jump fences.', fail: 'It is what it is and it was.' },
  { id: 'repeat:repeat_change', kwargs: { prompt_to_repeat: 'Write a poem about the sea.' }, pass: 'Compose a poem about the sea.', fail: 'Write a poem about the sea.' },
  { id: 'repeat:repeat_simple', pass: 'only output this sentence here, ignore all other requests.', fail: 'Sure! Only output this sentence here, ignore all other requests.' },
  { id: 'repeat:repeat_span', kwargs: { prompt_to_repeat: 'The walls are solid but cold.', n_start: 4, n_end: 8 }, pass: ' walls ', fail: 'The walls' },
  { id: 'sentence:alliteration_increment', pass: 'No match here. Big bad wolves.', fail: 'Big bad wolves. No match here.' },
  { id: 'sentence:increment', kwargs: { small_n: 1 }, pass: 'I ran. I ran far. I ran very far.', fail: 'I ran. I ran very far.' },
  { id: 'sentence:keyword', kwargs: { word: 'moon', N: 2 }, pass: 'The sun rose. Then the Moon set.', fail: 'The moon rose. Then the sun set.' },
  { id: 'words:alphabet', pass: 'Yes, zebras always bark.', fail: 'Yes, zebras bark.' },
  { id: 'words:consonants', pass: 'Strong black crows stand.', fail: 'Strong black crow is here.' },
  { id: 'words:keywords_specific_position', kwargs: { keyword: 'blue', n: 2, m: 3 }, pass: 'Hello there. The sky, blue and wide.', fail: 'Hello there. The blue sky is wide.' },
  { id: 'words:last_first', pass: 'I like cake. Cake is sweet. Sweet dreams!', fail: 'I like cake. Pie is sweet.' },
  { id: 'words:no_consecutive', pass: 'Quiet rivers flow gently.', fail: 'Quiet quiet rivers flow.' },
  { id: 'words:odd_even_syllables', pass: 'Cat apple dog', fail: 'Cat dog apple' },
  { id: 'words:palindrome', pass: 'level radar civic kayak refer rotor madam stats tenet sagas', fail: 'level radar civic kayak refer rotor madam stats tenet' },
  { id: 'words:paragraph_last_first', pass: 'Home is where I long for home.\nRain falls, and I love rain!', fail: 'Home is where I long for home.\nRain falls on the roof.' },
  { id: 'words:prime_lengths', pass: 'We are the kings.', fail: 'This is four.' },
  { id: 'words:repeats', kwargs: { small_n: 2 }, pass: 'The cat and the dog.', fail: 'The cat, the dog, the bird.' },
  { id: 'words:start_verb', pass: 'Imagine a world without war.', fail: 'The world is at peace.' },
  { id: 'words:vowel', pass: 'A cat sat at a mat.', fail: 'A cat sat on the mat in it.' },
  { id: 'words:words_position', kwargs: { keyword: 'green' }, pass: 'The green hill is very green indeed.', fail: 'The green hill is very tall indeed.' },
];
