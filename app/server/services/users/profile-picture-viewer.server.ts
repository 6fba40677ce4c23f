import { type Actor, requireSignedIn } from '~/access/actor.server'
import { requireStaff } from '~/access/caller.server'
import { findMemberInScope } from '~/access/members.server'
import { AppError } from '~/lib/errors'
import { findStaffInScope } from '~/server/services/staff/find-staff.server'

/**
 * Whose photo the caller may see (issue 17): their own, a member's to staff who see the member, or a
 * staff member's to those who see them; anyone else's is unknown (404).
 */
export async function requireProfilePictureViewer(actor: Actor, userId: number): Promise<void> {
  const { user } = requireSignedIn(actor)
  if (userId === user.id) return
  const caller = await requireStaff(actor)
  await findMemberInScope({ db: actor.db, caller, memberId: userId }).catch(async (error: unknown) => {
    if (!(error instanceof AppError) || error.code !== 'NOT_FOUND') throw error
    await findStaffInScope({ db: actor.db, caller, staffId: userId }).catch(() => {
      throw error
    })
  })
}
