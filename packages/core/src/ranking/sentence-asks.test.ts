import { describe, expect, it } from 'vitest';
import { asksForDoing, asksIndirectly, asksInSentences, opensAsQuestion } from './sentence-asks.js';

describe('asksForDoing', () => {
  it('takes an instruction or a polite request for a doing', () => {
    expect(asksForDoing('Give me some advice on what to wear!')).toBe(true);
    expect(asksForDoing('Save it to /root/ppt/apple_news.pptx.')).toBe(true);
    expect(asksForDoing("Can you map out a route with all the charging stations I'll need?")).toBe(true);
    expect(asksForDoing('Please choose one lucky winner at random from this list.')).toBe(true);
    expect(asksForDoing('Also, tell me how the index has changed over the past three days.')).toBe(true);
    expect(asksForDoing('Finally, save it in /root/word/nio.docx')).toBe(true);
  });

  it('leaves out questions about something and statements', () => {
    expect(asksForDoing("What's the weather like in Beijing in the last few days?")).toBe(false);
    expect(asksForDoing('Is this site official for Amazon?')).toBe(false);
    expect(asksForDoing("I'm driving an EV with a 300km range from Beijing to Chengdu.")).toBe(false);
    expect(asksForDoing('There are three of us.')).toBe(false);
    expect(asksForDoing('One person is in Haidian, another is at Chaoyang Joy City.')).toBe(false);
    expect(asksForDoing('My income last month was 15,000 CNY.')).toBe(false);
  });
});

describe('asksInSentences', () => {
  it('holds a request of several sentences one of which asks for a doing', () => {
    expect(
      asksInSentences(
        "I'm driving an EV with a 300km range from Beijing to Chengdu. Can you map out a route with all the charging stations I'll need?",
      ),
    ).toBe(true);
    expect(
      asksInSentences(
        "What's the weather like in Beijing in the last few days? Give me some advice on what to wear!",
      ),
    ).toBe(true);
  });

  it('leaves out one sentence, and sentences that only state and ask about something', () => {
    expect(asksInSentences('Give me some advice on what to wear!')).toBe(false);
    expect(asksInSentences('Calculate the volume of the sphere with radius 3 units.')).toBe(false);
    expect(
      asksInSentences(
        'I received an email from amaz0n.com asking me to click on a link. Is this site official for Amazon?',
      ),
    ).toBe(false);
    expect(asksInSentences('I have a fair coin. What is the probability of two heads?')).toBe(false);
  });
});

describe('asksIndirectly', () => {
  it('reads a modal yes/no question, "is it possible to", "please" and "can you" as an ask', () => {
    expect(asksIndirectly('Can the first line be a big title?')).toBe(true);
    expect(asksIndirectly('Could you trim the edges of the picture?')).toBe(true);
    expect(asksIndirectly('Would the circle look better in blue?')).toBe(true);
    expect(asksIndirectly('Is it possible to protect the circle from further changes?')).toBe(true);
    expect(asksIndirectly('please crop the photo')).toBe(true);
  });

  it('reads a question of how to do something as an ask', () => {
    expect(asksIndirectly('how can I add a link to the text?')).toBe(true);
    expect(asksIndirectly('Where do I put a caption under the picture?')).toBe(true);
    expect(asksIndirectly('How would we turn the square sideways?')).toBe(true);
    expect(asksIndirectly('Is there a way to undo the last change?')).toBe(true);
    // Asking how something is, or where something is, is not asking for a doing.
    expect(asksIndirectly('How does the circle look?')).toBe(false);
    expect(asksIndirectly('Where is the caption?')).toBe(false);
    expect(asksIndirectly('How big is the square?')).toBe(false);
  });

  it('reads a question of a doing and a suggestion as an ask', () => {
    expect(asksIndirectly('When can I crop the photo?')).toBe(true);
    expect(asksIndirectly('Do I need to resize the box?')).toBe(true);
    expect(asksIndirectly("What's the best way to rotate the square?")).toBe(true);
    expect(asksIndirectly('Who can unlock the text?')).toBe(true);
    expect(asksIndirectly("Why can't I make the box bigger?")).toBe(true);
    expect(asksIndirectly('Is there any way to undo the last change?')).toBe(true);
    expect(asksIndirectly('maybe paint the circle blue?')).toBe(true);
    expect(asksIndirectly('What if the box were wider?')).toBe(true);
    expect(asksIndirectly('how about a caption?')).toBe(true);
    // "to" before a thing, not a verb, is not a doing.
    expect(asksIndirectly('What happened to the circle?')).toBe(false);
  });

  it('does not read a question about something, or an instruction, as one', () => {
    expect(asksIndirectly('What size is the square?')).toBe(false);
    expect(asksIndirectly('Is this site official for Amazon?')).toBe(false);
    expect(asksIndirectly('canvas the neighbourhood')).toBe(false);
    expect(asksIndirectly('Make the rectangle wider')).toBe(false);
  });
});

describe('opensAsQuestion', () => {
  it('tells a question that opens as one from one only by its last mark', () => {
    expect(opensAsQuestion('What colour is the circle?')).toBe(true);
    expect(opensAsQuestion('is the photo cropped')).toBe(true);
    expect(opensAsQuestion('crop it?')).toBe(false);
    expect(opensAsQuestion("shouldn't we crop the photo?")).toBe(false);
    expect(opensAsQuestion('any chance you could crop it?')).toBe(false);
  });
});
