import { Outlet } from 'react-router'

export default function FlowLayout() {
  return (
    <div className="min-h-screen">
      <Outlet />
    </div>
  )
}
