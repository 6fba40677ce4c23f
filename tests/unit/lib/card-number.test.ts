import { describe, expect, it } from 'vitest'
import { groupCardNumberInput } from '~/lib/card-number'

describe('a card number grouped as it is typed (issue 25)', () => {
  it('groups digits in fours as they are typed, the caret after the last digit', () => {
    let value = ''
    for (const digit of '4242424242424242') {
      const typed = value + digit
      const grouped = groupCardNumberInput(typed, typed.length, value)
      expect(grouped.caret).toBe(grouped.value.length)
      value = grouped.value
    }
    expect(value).toBe('4242 4242 4242 4242')
  })

  it('groups a pasted number whatever its spacing, and American Express 4-6-5', () => {
    expect(groupCardNumberInput('4000-0025-0000-3155', 19).value).toBe('4000 0025 0000 3155')
    expect(groupCardNumberInput(' 5555555555554444 ', 18).value).toBe('5555 5555 5555 4444')
    expect(groupCardNumberInput('378282246310005', 15).value).toBe('3782 822463 10005')
  })

  it('keeps the caret after the same digit when a digit is typed or deleted in the middle', () => {
    // "4242 4242" with 9 typed after the 2nd digit: caret after that 9.
    expect(groupCardNumberInput('42942 4242', 3, '4242 4242')).toEqual({ value: '4294 2424 2', caret: 3 })
    // A digit typed just before a space: the caret jumps past the new space with it.
    expect(groupCardNumberInput('42421 4242', 5, '4242 4242')).toEqual({ value: '4242 1424 2', caret: 6 })
    // A digit deleted: the caret stays where it was.
    expect(groupCardNumberInput('424 4242', 3, '4242 4242')).toEqual({ value: '4244 242', caret: 3 })
  })

  it('deleting only a space deletes the digit before it, so the delete is not undone', () => {
    expect(groupCardNumberInput('42424242', 4, '4242 4242')).toEqual({ value: '4244 242', caret: 3 })
  })

  it('drops what is not a digit and caps at 19 digits', () => {
    expect(groupCardNumberInput('4a2b4c2', 7).value).toBe('4242')
    expect(groupCardNumberInput('4'.repeat(25), 25).value.replace(/ /g, '')).toHaveLength(19)
  })
})
