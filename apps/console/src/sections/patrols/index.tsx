import { MobileOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { Route, Routes, useNavigate } from 'react-router';
import { useCan } from '../../shared/session/session-context';
import { PatrolDetail } from './PatrolDetail';
import { PatrolList } from './PatrolList';
import '../../shared/table/table.css';
import './patrols.css';

/**
 * 巡查记录: the list of patrols (filters in the address) and, at `/patrols/<patrolId>`, one patrol
 * with its track replayed on the map. Patrols themselves are walked with the phone (移动端 · 巡查).
 */
export default function PatrolsSection() {
  const navigate = useNavigate();
  const canPatrol = useCan('grid:report');
  return (
    <Card
      title="巡查记录"
      extra={
        canPatrol && (
          <Button icon={<MobileOutlined />} onClick={() => navigate('/m/patrol')}>
            手机巡查
          </Button>
        )
      }
    >
      <Routes>
        <Route index element={<PatrolList />} />
        <Route path=":patrolId" element={<PatrolDetail />} />
      </Routes>
    </Card>
  );
}
