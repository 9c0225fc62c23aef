package org.altml.flink;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.connector.file.src.FileSourceSplit;
import org.apache.flink.connector.file.src.reader.BulkFormat;
import org.apache.flink.connector.file.src.util.CheckpointedPosition;
import org.apache.flink.connector.file.src.util.IteratorResultIterator;

/** Whole model files as {@link ModelMessage}s, version = the file's modification time in ms. */
final class ModelFileFormat implements BulkFormat<ModelMessage, FileSourceSplit> {
  private static final long serialVersionUID = 1L;

  @Override
  public Reader<ModelMessage> createReader(Configuration config, FileSourceSplit split) {
    return new Reader<>() {
      private boolean done;

      @Override
      public RecordIterator<ModelMessage> readBatch() throws IOException {
        if (done) {
          return null;
        }
        done = true;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (InputStream in = split.path().getFileSystem().open(split.path())) {
          in.transferTo(bytes);
        }
        ModelMessage m = new ModelMessage(split.fileModificationTime(), -1, 1, bytes.toByteArray(), null);
        Models.learner(m.model, LineFormat.displayName(split.path()));
        return new IteratorResultIterator<>(List.of(m).iterator(), CheckpointedPosition.NO_OFFSET, 0);
      }

      @Override
      public void close() {}
    };
  }

  @Override
  public Reader<ModelMessage> restoreReader(Configuration config, FileSourceSplit split) {
    long skip = split.getReaderPosition().map(CheckpointedPosition::getRecordsAfterOffset).orElse(0L);
    Reader<ModelMessage> r = createReader(config, split);
    if (skip > 0) {
      return new Reader<>() {
        @Override
        public RecordIterator<ModelMessage> readBatch() {
          return null;
        }

        @Override
        public void close() {}
      };
    }
    return r;
  }

  @Override
  public boolean isSplittable() {
    return false;
  }

  @Override
  public TypeInformation<ModelMessage> getProducedType() {
    return TypeInformation.of(ModelMessage.class);
  }
}
