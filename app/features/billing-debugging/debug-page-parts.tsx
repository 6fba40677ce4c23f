import { Select, SelectItem } from '~/components/ui/select'
import type { DebugGym } from '~/contracts/billing-debugging'

const allGyms = 'all'

/** The gym filter: shown only to someone who can see more than one gym. */
export function GymFilter(props: {
  gyms: DebugGym[]
  gymId: number | undefined
  onChange: (gymId: number | undefined) => void
}) {
  if (props.gyms.length < 2) return null
  const items = [
    { id: allGyms, name: 'All gyms' },
    ...props.gyms.map((gym) => ({ ...gym, id: String(gym.id) })),
  ]
  return (
    <Select
      label="Gym"
      className="w-full sm:w-56"
      items={items}
      value={props.gymId === undefined ? allGyms : String(props.gymId)}
      onChange={(key) => props.onChange(key === allGyms || key === null ? undefined : Number(key))}
    >
      {(item) => <SelectItem id={item.id}>{item.name}</SelectItem>}
    </Select>
  )
}
