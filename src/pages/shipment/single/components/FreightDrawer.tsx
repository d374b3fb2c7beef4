import FreightTable from '@/components/FreightTable';
import { queryLooseBooking } from '@/services/loose';
import { useAnswer } from '@/utils/useAnswer';
import { Alert, Drawer, Spin } from 'antd';

/** 散货运费 of one booking: the settings' rate × its CBM (at least the minimum), split over its POs and lines. */
export default function FreightDrawer({ bookingKey, onClose }: { bookingKey: string; onClose: () => void }) {
  const booking = useAnswer(() => queryLooseBooking(bookingKey), [bookingKey]);
  return (
    <Drawer open width={760} title={`散货运费 ${bookingKey}`} onClose={onClose} destroyOnHidden>
      {!booking ? (
        <Spin />
      ) : booking.freight ? (
        <FreightTable freight={booking.freight} title="散货运费" />
      ) : (
        <Alert
          type="info"
          showIcon
          message={
            booking.status === 'CANCELLED'
              ? '已取消的订舱没有运费'
              : `订舱设置的「散货运价」中没有适用于货代 ${booking.forwarder}、目的地 ${booking.destination} 的运价，请单证员补充`
          }
        />
      )}
    </Drawer>
  );
}
