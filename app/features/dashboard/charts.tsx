import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'

/**
 * The dashboard's charts, drawn with recharts. Each sits inside a `ChartWithTable`, which names it and
 * gives its table alternative, so the drawings themselves stay out of the accessibility tree.
 */

const accent = 'var(--color-accent-600)'
const axis = { fontSize: 12, fill: 'var(--color-slate-600)' }

export function SimpleBarChart<Row extends Record<string, unknown>>(props: {
  data: Row[]
  labelKey: string
  valueKey: string
  valueName: string
  format?: (value: number) => string
  interval?: number
  /** Bars across, labels down the left: for long labels. */
  horizontal?: boolean
}) {
  const format = props.format ?? ((value: number) => value.toLocaleString('en-NZ'))
  const tooltip = (
    <Tooltip
      cursor={{ fill: 'var(--color-slate-100)' }}
      formatter={(value) => [format(Number(value)), props.valueName]}
    />
  )
  if (props.horizontal) {
    return (
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={props.data}
          layout="vertical"
          margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid horizontal={false} stroke="var(--color-slate-200)" />
          <XAxis type="number" tick={axis} tickLine={false} axisLine={false} allowDecimals={false} />
          <YAxis
            type="category"
            dataKey={props.labelKey}
            tick={axis}
            tickLine={false}
            axisLine={false}
            width={112}
            interval={0}
          />
          {tooltip}
          <Bar
            dataKey={props.valueKey}
            name={props.valueName}
            fill={accent}
            radius={[0, 3, 3, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    )
  }
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={props.data}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="var(--color-slate-200)" />
        <XAxis
          dataKey={props.labelKey}
          tick={axis}
          tickLine={false}
          axisLine={false}
          interval={props.interval}
        />
        <YAxis
          tick={axis}
          tickLine={false}
          axisLine={false}
          width={props.format ? 72 : 40}
          allowDecimals={false}
          tickFormatter={(value: number) => format(value)}
        />
        {tooltip}
        <Bar
          dataKey={props.valueKey}
          name={props.valueName}
          fill={accent}
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
      </BarChart>
    </ResponsiveContainer>
  )
}

export function TrendChart<Row extends Record<string, unknown>>(props: {
  data: Row[]
  labelKey: string
  lines: Array<{ key: string; name: string; colour: string; dashed?: boolean }>
}) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart
        data={props.data}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid vertical={false} stroke="var(--color-slate-200)" />
        <XAxis dataKey={props.labelKey} tick={axis} tickLine={false} axisLine={false} minTickGap={16} />
        <YAxis tick={axis} tickLine={false} axisLine={false} width={40} allowDecimals={false} />
        <Tooltip />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {props.lines.map((line) => (
          <Line
            key={line.key}
            type="monotone"
            dataKey={line.key}
            name={line.name}
            stroke={line.colour}
            strokeWidth={2}
            strokeDasharray={line.dashed ? '4 3' : undefined}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  )
}
