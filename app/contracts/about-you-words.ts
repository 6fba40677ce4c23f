import type { ConfidenceAndExperience, HearAboutUs } from '~/contracts/enums'

/** The words for SPEC §3's lists, as the "About you" step shows them. */
export const confidenceAndExperienceLabels: Record<ConfidenceAndExperience, string> = {
  first_time: 'This is my first time at a gym',
  been_but_not_sure_what_to_do: 'I’ve been before but wasn’t sure what to do',
  been_but_not_achieved_goals: 'I’ve been before but didn’t reach my goals',
  been_but_stopped_going: 'I’ve been before but stopped going',
  experienced_and_confident: 'I’m experienced and confident',
}

export const hearAboutUsLabels: Record<HearAboutUs, string> = {
  friend: 'A friend',
  physical_marketing: 'A flyer or sign',
  google_advert: 'A Google ad',
  facebook_or_instagram: 'Facebook or Instagram',
  google_search: 'Searching online',
  been_member_here_before: 'I’ve been a member here before',
  other: 'Something else',
}
