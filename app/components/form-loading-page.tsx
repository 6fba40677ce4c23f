import { LoadingPage, SkeletonBar } from '~/components/page-states'

/** A form's screen while its data loads: the title, and one grey block where the form will be. */
export function FormLoadingPage(props: { title: string; description: string }) {
  return (
    <LoadingPage title={props.title} description={props.description}>
      <SkeletonBar className="h-64 w-full" />
    </LoadingPage>
  )
}
